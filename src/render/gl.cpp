#include "render/gl.h"

namespace render::gl {

namespace {
GLuint compile(GLenum type, const std::vector<const char*>& sources) {
  GLuint s = glCreateShader(type);
  glShaderSource(s, static_cast<GLsizei>(sources.size()), sources.data(), nullptr);
  glCompileShader(s);
  return s;
}
}  // namespace

GLuint startProgram(const std::vector<const char*>& vertex, const std::vector<const char*>& fragment) {
  GLuint p = glCreateProgram();
  glAttachShader(p, compile(GL_VERTEX_SHADER, vertex));
  glAttachShader(p, compile(GL_FRAGMENT_SHADER, fragment));
  glLinkProgram(p);
  return p;
}

bool finishProgram(GLuint program, std::string* log) {
  GLint linked = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  char buf[4096];
  buf[0] = 0;
  GLuint shaders[2] = {0, 0};
  GLsizei count = 0;
  glGetAttachedShaders(program, 2, &count, shaders);
  for (GLsizei i = 0; i < count; ++i) {
    GLint compiled = 1;
    if (!linked) glGetShaderiv(shaders[i], GL_COMPILE_STATUS, &compiled);
    if (!compiled && log) {   // the compiler's message says more than the linker's
      GLint type = 0;
      glGetShaderiv(shaders[i], GL_SHADER_TYPE, &type);
      glGetShaderInfoLog(shaders[i], sizeof buf, nullptr, buf);
      *log = std::string(type == GL_VERTEX_SHADER ? "vertex" : "fragment") + " shader: " + buf;
    }
    glDetachShader(program, shaders[i]);
    glDeleteShader(shaders[i]);
  }
  if (linked) return true;
  if (log && buf[0] == 0) {
    glGetProgramInfoLog(program, sizeof buf, nullptr, buf);
    *log = std::string("link: ") + buf;
  }
  glDeleteProgram(program);
  return false;
}

}  // namespace render::gl
