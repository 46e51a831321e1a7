"""The database plumbing: the engine and sessions, the models, the schema's revision, the files'
permissions, and the per-process cache."""
