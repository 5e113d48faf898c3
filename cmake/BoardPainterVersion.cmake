# Writes web/first-board.js with the version of the early board's painter filled in:
#   cmake -DSOURCE_DIR=<repo> -DWEB_DIR=<build>/web -P BoardPainterVersion.cmake
#
# The page keeps an image of the last board for the next visit (web/board-snapshot.js)
# and shows it only when it was painted from this visit's inputs. The painter's own code
# is one of them: after an update that changes how the board looks, an image of the old
# look would be shown and then jump to the new one. The version is the SHA-256 (cut to
# 16 hex digits) of everything that draws the picture: board-painter.js,
# board-snapshot.js, first-board.js itself and nard-board.wasm.
cmake_minimum_required(VERSION 3.20)

set(listing "")
foreach(f IN ITEMS "${SOURCE_DIR}/web/board-painter.js" "${SOURCE_DIR}/web/board-snapshot.js"
                   "${SOURCE_DIR}/web/first-board.js" "${WEB_DIR}/nard-board.wasm")
  file(SHA256 "${f}" hash)
  string(APPEND listing "${hash}\n")
endforeach()
string(SHA256 version "${listing}")
string(SUBSTRING "${version}" 0 16 version)

file(READ "${SOURCE_DIR}/web/first-board.js" text)
string(FIND "${text}" "'@PAINTER_VERSION@'" at)
if(at EQUAL -1)
  message(FATAL_ERROR "web/first-board.js lacks the '@PAINTER_VERSION@' placeholder")
endif()
string(REPLACE "'@PAINTER_VERSION@'" "'${version}'" text "${text}")
file(CONFIGURE OUTPUT "${WEB_DIR}/first-board.js" CONTENT "${text}" @ONLY)
