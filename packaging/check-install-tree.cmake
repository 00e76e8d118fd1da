# ctest packaging_install_tree: install into a scratch prefix, check that every file a desktop
# needs is there (and memlens-bench is not), and let appstreamcli validate the tree as a whole
# (launchable ↔ .desktop).
# Script mode: cmake -DBUILD_DIR=… -DSTAGE=… -DAPPSTREAMCLI=… -DAPP_ID=… -P check-install-tree.cmake
file(REMOVE_RECURSE "${STAGE}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${STAGE}/usr"
  OUTPUT_QUIET RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc})")
endif()

set(expected
  usr/bin/memlens
  usr/bin/memlens-cli
  usr/share/applications/${APP_ID}.desktop
  usr/share/metainfo/${APP_ID}.metainfo.xml
  usr/share/icons/hicolor/scalable/apps/${APP_ID}.svg)
foreach(size 16 22 24 32 48 64 128 256 512)
  list(APPEND expected usr/share/icons/hicolor/${size}x${size}/apps/${APP_ID}.png)
endforeach()
set(missing "")
foreach(f IN LISTS expected)
  if(NOT EXISTS "${STAGE}/${f}")
    list(APPEND missing "${f}")
  endif()
endforeach()
if(NOT EXISTS "${STAGE}/usr/share/man/man1/memlens-cli.1.gz"
   AND NOT EXISTS "${STAGE}/usr/share/man/man1/memlens-cli.1")
  list(APPEND missing usr/share/man/man1/memlens-cli.1.gz)
endif()
if(missing)
  message(FATAL_ERROR "not installed: ${missing}")
endif()
# The benchmarks are a developer's tool (bench/CMakeLists.txt): never in the install tree.
file(GLOB_RECURSE benches "${STAGE}/*memlens-bench*")
if(benches)
  message(FATAL_ERROR "installed, but must not be: ${benches}")
endif()

execute_process(COMMAND "${APPSTREAMCLI}" validate-tree --no-net --explain "${STAGE}"
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "appstreamcli validate-tree failed (${rc})")
endif()
message(STATUS "install tree complete and valid: ${STAGE}")
