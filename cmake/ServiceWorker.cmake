# Writes the service worker: web/sw.js with the shipped files and a version filled in.
#   cmake -DWEB_DIR=<build>/web -DTEMPLATE=web/sw.js -DOUT=<build>/web/sw.js -P ServiceWorker.cmake
#
# The files are everything in the built web folder except the service worker itself and
# the embedding example (a page for other sites, not part of the game). The version is
# the SHA-256 of the list "name sha256" (sorted by name), cut to 16 hex digits: any
# changed byte in any shipped file gives a new sw.js, so browsers install it, fill a new
# cache and delete the old one. tests/web/offline.test.mjs recomputes it.
cmake_minimum_required(VERSION 3.20)

file(GLOB_RECURSE files LIST_DIRECTORIES false RELATIVE "${WEB_DIR}" "${WEB_DIR}/*")
list(FILTER files EXCLUDE REGEX "^(sw\\.js|embed-example\\..*)$")
list(SORT files)
set(listing "")
set(urls "")
foreach(f IN LISTS files)
  file(SHA256 "${WEB_DIR}/${f}" hash)
  string(APPEND listing "${f} ${hash}\n")
  string(APPEND urls "  '${f}',\n")
endforeach()
string(SHA256 version "${listing}")
string(SUBSTRING "${version}" 0 16 version)

file(READ "${TEMPLATE}" text)
string(FIND "${text}" "'@VERSION@'" at_version)
string(FIND "${text}" "/*@FILES@*/" at_files)
if(at_version EQUAL -1 OR at_files EQUAL -1)
  message(FATAL_ERROR "${TEMPLATE} lacks the '@VERSION@' or /*@FILES@*/ placeholder")
endif()
string(REPLACE "'@VERSION@'" "'${version}'" text "${text}")
string(REPLACE "/*@FILES@*/" "\n${urls}" text "${text}")

# Written only when it changed (file(CONFIGURE) compares), so an unchanged build stays put.
file(CONFIGURE OUTPUT "${OUT}" CONTENT "${text}" @ONLY)
