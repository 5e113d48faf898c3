// Where the screen's named widgets were drawn this frame, in CSS pixels, by name:
// window.nard.layout().buttons, which the browser tests and an embedding page use to
// find a button, a menu title or a dialog's radio button. Refilled every frame.
#pragma once
#include <map>
#include <string>

#include "view/layout.h"

namespace ui {

using RecordedItems = std::map<std::string, view::Rect>;

}  // namespace ui
