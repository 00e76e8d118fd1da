#!/usr/bin/env bash
# Regenerates fuzz/corpus/fuzz_vault_open/: real vault.db files made by memlens-cli, rewritten
# with 512-byte pages so that a whole vault fits the fuzzer's 64 KiB inputs. One seed per shape
# the opener must handle: empty and populated, rollback-journal and WAL headers, the current
# schema version and the older ones a read-write open migrates (the objects of the later
# migrations dropped, as core/src/vault/schema.cpp lists them).
# Usage: fuzz/make-vault-seeds.sh path/to/memlens-cli
set -euo pipefail
cli=${1:?usage: make-vault-seeds.sh path/to/memlens-cli}
out="$(cd "$(dirname "$0")" && pwd)/corpus/fuzz_vault_open"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$cli" init --vault "$tmp/empty" >/dev/null
cat >"$tmp/m.jsonl" <<'JSONL'
{"source": "slack:#eng", "author": "alice", "ts": "2024-03-01T09:15:00Z", "text": "Phoenix launch moves to May 3. cc @bob #launch"}
{"source": "slack:#eng", "author": "bob", "ts": "2024-03-01T09:20:00Z", "text": "ok, I will tell carol@example.com"}
{"source": "gmail:ops", "author": "carol", "ts": "2024-03-02T10:00:00Z", "text": "Budget approved", "id": "m3"}
{"source": "gmail:ops", "author": "carol", "ts": "2024-03-03T10:00:00Z", "text": "Budget corrected to 45k", "supersedes": "m3"}
JSONL
"$cli" ingest --vault "$tmp/small" "$tmp/m.jsonl" >/dev/null

mkdir -p "$out"
for v in empty small; do
    db="$tmp/$v/vault.db"
    sqlite3 "$db" "PRAGMA journal_mode = DELETE; PRAGMA page_size = 512; VACUUM;" >/dev/null
    cp "$db" "$out/$v-rollback.db"
    sqlite3 "$db" "PRAGMA journal_mode = WAL;" >/dev/null
    cp "$db" "$out/$v-wal.db"
done

# Schema 2: without migration 3's triggers and indexes; schema 1: without migration 2's too.
v3_objects="DROP TRIGGER ml_topic_file_on_chunk_insert; DROP TRIGGER ml_topic_file_on_chunk_update;
DROP TRIGGER ml_topic_file_on_chunk_delete; DROP TRIGGER ml_topic_file_on_summary_insert;
DROP TRIGGER ml_topic_file_on_summary_update; DROP TRIGGER ml_topic_file_on_summary_delete;
DROP INDEX ml_chunks_superseded; DROP INDEX ml_chunks_supersedes;"
v2_objects="DROP TRIGGER ml_entities_on_mention; DROP TABLE ml_entities;"
db="$tmp/small/vault.db"
sqlite3 "$db" "PRAGMA journal_mode = DELETE; $v3_objects PRAGMA user_version = 2; VACUUM;" >/dev/null
cp "$db" "$out/small-schema2.db"
sqlite3 "$db" "$v2_objects PRAGMA user_version = 1; VACUUM;" >/dev/null
cp "$db" "$out/small-schema1.db"
ls -l "$out"
