"""Use cases of the campaign app: one function per use case, one transaction each."""
