"""Reference versions of the product's fast paths, written plainly: the tests compare the
fast code against these, and nothing in the product imports them."""
