"""The rules of Risk Legacy as a pure Python package (no Django, no I/O beyond fixtures)."""
