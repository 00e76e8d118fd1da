// The headers most suites of tests/ui include, compiled once for memlens-tests-ui
// (tests/CMakeLists.txt). Each suite still includes what it uses.
#pragma once

#include <memlens/audit.h>
#include <memlens/db.h>
#include <memlens/embedder.h>
#include <memlens/generate.h>
#include <memlens/import.h>
#include <memlens/ingest.h>
#include <memlens/retrieval.h>
#include <memlens/search.h>
#include <memlens/vault.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QtTest>
#include <QtWidgets>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>
