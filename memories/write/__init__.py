"""The one write flow: prepare, related, policy, flow, versions, revisions, reviews (see flow.py)."""
