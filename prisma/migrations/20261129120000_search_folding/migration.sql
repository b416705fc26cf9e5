-- The console's search folds Turkish (and a few other accented) letters and case, so "AYŞE YILMAZ", "Ayse
-- Yilmaz" and "ayşe yılmaz" find the same customer (lib/base/text/fold-text.ts folds typed text the same way;
-- a unit test compares the letter lists below with it, an integration test the results).
--
-- search_fold: composed (NFC), the listed letters to their ASCII base, then lower() under the "C" collation,
-- which lowers ASCII letters only, whatever the database's locale: the same text on every server, which an
-- index needs. Every function it calls is immutable, so it is too.
CREATE FUNCTION search_fold(value TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN lower(translate(normalize(value, NFC), 'İIıŞşĞğÜüÖöÇçÂâÎîÛûÄäÁáÀàÉéÈèÊêËëÍíÏïÓóÔôÚúÑñ', 'iiissgguuooccaaiiuuaaaaaaeeeeeeeeiiiioooouunn') COLLATE "C");

-- The name and username, folded, in one column PostgreSQL keeps up to date. Adding it rewrites the table once
-- (an ACCESS EXCLUSIVE lock for the rewrite: at a million transactions, seconds; see docs/performance.md).
ALTER TABLE "transactions" ADD COLUMN "search_name" TEXT GENERATED ALWAYS AS (search_fold("fullname" || ' ' || "username")) STORED;

-- One trigram index on the folded column replaces the two on the raw name and username, which only the
-- search read: every word typed must be contained in it.
CREATE INDEX "transactions_search_name_trgm_idx" ON "transactions" USING GIN ("search_name" gin_trgm_ops);
DROP INDEX "transactions_username_trgm_idx";
DROP INDEX "transactions_fullname_trgm_idx";
