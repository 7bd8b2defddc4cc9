"""Round 30's misses kept as general rules, their cases by class (the tests are in
``tests/core/test_injection_round30_misses.py``)."""
