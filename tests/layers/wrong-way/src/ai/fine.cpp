// The allowed direction, in the same fixture: the AI uses the engine. Never compiled.
#include "engine/position.h"
