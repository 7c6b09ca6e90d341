"""The steps of bringing in a campaign already under way: each form turns what was typed into
`Entry`s (world events to be, and the field a refusal shows under). The rules' checks run in
`campaign.services.bring_in`; these forms only check the shape of what was typed."""
