"""What adapters share: reading foreign SQLite files, folders, pickles and git
repositories safely, and mapping rows already in Python. No adapter lives here."""
