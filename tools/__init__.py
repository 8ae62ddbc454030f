"""Tools that build, measure and attack the product; run from a checkout, never shipped."""
