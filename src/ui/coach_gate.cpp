#include "ui/coach_gate.h"

namespace ui {

void CoachGate::set(bool on, float threshold) {
  task_.setThreshold(threshold);
  if (on == on_) return;
  on_ = on;
  if (!on) reset();
}

void CoachGate::reset() {
  task_.cancel();
  choice_ = nullptr;
  warning_.reset();
}

CoachGate::Choice CoachGate::hold(Choice choice, std::string key, double sliceMs) {
  warning_.reset();   // a lesson still shown has been read
  choice_ = std::move(choice);
  key_ = std::move(key);
  return step(sliceMs);
}

void CoachGate::lesson(const nard::Match& m, std::size_t event, double sliceMs) {
  if (task_.startRecorded(m, event)) step(sliceMs);   // nothing is held: nothing to hand back
}

CoachGate::Choice CoachGate::step(double sliceMs) {
  task_.step(sliceMs);
  return resolve();
}

// Once the verdict is ready: a held choice is handed back, or kept with a warning; a
// lesson shows only when the play lost at least the threshold.
CoachGate::Choice CoachGate::resolve() {
  if (!task_.ready()) return nullptr;
  const app::CoachVerdict v = task_.verdict();
  task_.cancel();
  if (!choice_) {
    if (v.warn) warning_ = CoachWarning{v, true};
    return nullptr;
  }
  if (v.warn) {
    warning_ = CoachWarning{v, false};
    return nullptr;
  }
  return release();
}

CoachGate::Choice CoachGate::release() {
  Choice c = std::move(choice_);
  choice_ = nullptr;
  warning_.reset();
  return c;
}

std::string CoachGate::takeBack() {
  if (!warning_) return "the coach has nothing to take back";
  if (warning_->lesson) return "touch-move: under traditional rules a moved checker stays moved";
  choice_ = nullptr;
  warning_.reset();
  return {};
}

CoachGate::Choice CoachGate::proceed(const std::string& keyNow, std::string* error) {
  error->clear();
  if (!warning_) {
    *error = "the coach has nothing to go on with";
    return nullptr;
  }
  if (warning_->lesson || !choice_) {
    warning_.reset();
    return nullptr;
  }
  if (key_ != keyNow) {
    reset();
    *error = "the game has moved on";
    return nullptr;
  }
  return release();
}

}  // namespace ui
