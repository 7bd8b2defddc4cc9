"""One module per pattern the audit reports; ``memaudit.audit.registry`` lists them."""
