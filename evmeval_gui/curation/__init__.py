"""The Curate view: one adjudicated set from the work of 2..N annotators (evmeval.agreement.curation)."""
