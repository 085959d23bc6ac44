-- Trigram similarity powers fuzzy search over names and descriptions; it is a trusted
-- extension, so a non-superuser database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
