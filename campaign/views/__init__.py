"""Pages of the campaign app, one module per area."""
