from tests.campaign.pages.test_pack_pages import _page, _unmasked, with_pack_1  # noqa
def test_probe(owner_client, with_pack_1):
    a = owner_client.get(_page(with_pack_1, "packs/pack_2/?look=1")).content
    b = owner_client.get(_page(with_pack_1, "packs/pack_9/?look=1")).content
    a, b = _unmasked(a), _unmasked(b)
    i = next(i for i in range(min(len(a), len(b))) if a[i] != b[i])
    print(a[i-200:i+50])
