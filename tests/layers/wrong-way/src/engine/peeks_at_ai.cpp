// A deliberate wrong-way include for the layer check's own test (tests/CMakeLists.txt,
// layer_check_fails): the engine is the lowest layer and may not use the AI.
// Never compiled.

#include "ai/nets.h"
#include "engine/position.h"
