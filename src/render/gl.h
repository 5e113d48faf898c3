// The one place that includes OpenGL ES 3.0 (WebGL2) headers, plus tiny helpers.
#pragma once

#include <GLES3/gl3.h>

#include <string>
#include <vector>

namespace render::gl {

// Compiles a shader from several source strings (the first holds `#version`).
// Returns 0 and fills `log` on failure.
GLuint compile(GLenum type, const std::vector<const char*>& sources, std::string* log);
GLuint link(GLuint vs, GLuint fs, std::string* log);

}  // namespace render::gl
