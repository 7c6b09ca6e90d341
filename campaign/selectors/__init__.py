"""Read queries of the campaign app."""
