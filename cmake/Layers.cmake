# The layers of src/ (README, "Layout"): every folder is a target of its own, defined in
# that folder's CMakeLists.txt, linking only the layers below it:
#
#   engine <- ai <- analysis <- app <- ui <- platform      view <- ui, render <- platform
#
# Each layer exposes only its own folder to the targets that link it: an include root in
# the build tree holding one symbolic link, <root>/<folder> -> src/<folder>. A file can
# include "engine/x.h" only when its target links nard_engine, so a header of a layer the
# target may not use does not compile. tools/check_layers.py checks the same table on the
# sources themselves (ctest layer_check), which also catches a wrong include inside a
# layer that happens to link more than it should.

# nard_layer_includes(<target> <PUBLIC|PRIVATE|INTERFACE> <folder>): makes
# #include "<folder>/..." work for <target> (and, PUBLIC, for whatever links it).
function(nard_layer_includes target scope folder)
  set(root "${CMAKE_BINARY_DIR}/layer-roots/${folder}")
  if(NOT IS_SYMLINK "${root}/${folder}")
    file(MAKE_DIRECTORY "${root}")
    file(CREATE_LINK "${CMAKE_SOURCE_DIR}/src/${folder}" "${root}/${folder}" SYMBOLIC)
  endif()
  target_include_directories(${target} ${scope} "${root}")
endfunction()
