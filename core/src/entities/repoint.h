// The database half of an entity merge (merge.cpp), shared with ingest's person/topic rule.
#pragma once

#include <memlens/db.h>
#include <memlens/status.h>

#include <set>
#include <string>
#include <vector>

namespace memlens::entities {

// Inside the caller's transaction: every index row of `from` names `into` (kind `into_kind`)
// instead, one row per node; summaries' entity lists follow; the edges touching either are
// recounted for `into` from the index's leaves; the entity list rows are recounted.
Status repoint_entity(const Database& db, const std::string& from, const std::string& into,
                      const std::string& into_kind);

// The person/topic rule (docs/entities.md, "Persons and topics"): every topic:x of the index
// whose name x is also person:x becomes person:x. Inside the caller's transaction. Returns the
// names x it folded.
Result<std::vector<std::string>> fold_person_topics(const Database& db);
// The same rule for the names of `touched` entity ids only (topic:x or person:x): what an import
// that wrote only those can have made true, without reading every entity (a store must cost the
// same at any size).
Result<std::vector<std::string>> fold_person_topics(const Database& db,
                                                    const std::set<std::string>& touched);

} // namespace memlens::entities
