"""Checkout-only tools (never in the wheel): see the README's map."""
