"""Stores on a PostgreSQL server: the toolkit (``pg``) and the adapters built on it."""
