// The one place that includes OpenGL ES 3.0 (WebGL2) headers, plus tiny helpers.
#pragma once

#include <GLES3/gl3.h>

#include <string>
#include <vector>

namespace render::gl {

// Starts compiling and linking a program from vertex and fragment sources (each a list
// of strings, the first holding `#version`) and checks nothing yet: in a browser every
// status query is a round trip that waits for the GPU process, so a renderer starts all
// its programs first and then finishes them.
GLuint startProgram(const std::vector<const char*>& vertex, const std::vector<const char*>& fragment);
// Waits for a started program. Returns false, deletes the program and fills `log` with
// the compiler's or linker's message if it failed.
bool finishProgram(GLuint program, std::string* log);

}  // namespace render::gl
