#include "render/gl.h"

namespace render::gl {

GLuint compile(GLenum type, const std::vector<const char*>& sources, std::string* log) {
  GLuint s = glCreateShader(type);
  glShaderSource(s, static_cast<GLsizei>(sources.size()), sources.data(), nullptr);
  glCompileShader(s);
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char buf[4096];
    glGetShaderInfoLog(s, sizeof buf, nullptr, buf);
    if (log) *log = std::string(type == GL_VERTEX_SHADER ? "vertex" : "fragment") +
                    " shader: " + buf;
    glDeleteShader(s);
    return 0;
  }
  return s;
}

GLuint link(GLuint vs, GLuint fs, std::string* log) {
  GLuint p = glCreateProgram();
  glAttachShader(p, vs);
  glAttachShader(p, fs);
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) {
    char buf[4096];
    glGetProgramInfoLog(p, sizeof buf, nullptr, buf);
    if (log) *log = std::string("link: ") + buf;
    glDeleteProgram(p);
    return 0;
  }
  return p;
}

}  // namespace render::gl
