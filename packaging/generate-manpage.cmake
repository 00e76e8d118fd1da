# Writes memlens-cli(1) from docs/man/memlens-cli.1.in and the built binary's own help text.
# Script mode: cmake -DCLI=… -DTEMPLATE=… -DOUT=… -DPROJECT_VERSION=… -P generate-manpage.cmake
foreach(var CLI TEMPLATE OUT PROJECT_VERSION)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "generate-manpage: -D${var}=… is required")
  endif()
endforeach()

# roff treats a backslash as an escape and a leading . or ' as a request; "-" must be "\-" so
# that options copy and paste as ASCII hyphens.
function(roff_escape text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

function(run_cli out)
  execute_process(COMMAND "${CLI}" ${ARGN}
    OUTPUT_VARIABLE text ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "generate-manpage: '${CLI} ${ARGN}' failed (${rc}): ${err}")
  endif()
  string(STRIP "${text}" text)
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The overview lists one command a line: two spaces, the name, spaces, the summary.
run_cli(overview --help)
string(REPLACE "\n" ";" lines "${overview}")
set(in_commands FALSE)
set(commands "")
foreach(line IN LISTS lines)
  if(line MATCHES "^Commands:")
    set(in_commands TRUE)
  elseif(in_commands AND line MATCHES "^  ([a-z][a-z0-9-]*) +(.*)$")
    list(APPEND commands "${CMAKE_MATCH_1}")
    set(summary_${CMAKE_MATCH_1} "${CMAKE_MATCH_2}")
  elseif(in_commands AND line STREQUAL "")
    break()
  endif()
endforeach()
if(NOT commands)
  message(FATAL_ERROR "generate-manpage: no commands found in '${CLI} --help'")
endif()

set(section "")
foreach(cmd IN LISTS commands)
  run_cli(usage ${cmd} --help)
  roff_escape("${summary_${cmd}}" summary)
  roff_escape("${usage}" usage)
  string(APPEND section ".SS ${cmd}\n${summary}\n.PP\n.nf\n.RS\n${usage}\n.RE\n.fi\n")
endforeach()

string(REGEX REPLACE "\n$" "" MEMLENS_MAN_COMMANDS "${section}")
# The page's date follows the source (SOURCE_DATE_EPOCH when set) for reproducible packages.
string(TIMESTAMP MEMLENS_MAN_DATE "%Y-%m-%d" UTC)
configure_file("${TEMPLATE}" "${OUT}" @ONLY)
