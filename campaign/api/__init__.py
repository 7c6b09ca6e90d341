"""The JSON API under /api/v1/: the same services and selectors as the pages."""
