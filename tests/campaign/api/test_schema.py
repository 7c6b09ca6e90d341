"""The OpenAPI schema and its documentation page."""


def test_the_schema_describes_the_api(anon_client):
    response = anon_client.get("/api/schema/")
    assert response.status_code == 200
    schema = response.content.decode()
    assert "/api/v1/campaigns/" in schema
    assert "/api/v1/games/{game_id}/moves" in schema


def test_the_doc_page_loads_its_scripts_from_our_own_static_files(anon_client):
    page = anon_client.get("/api/docs/").content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in page
    assert "cdn.jsdelivr.net" not in page
