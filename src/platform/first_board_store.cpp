#include "platform/first_board_store.h"

#include <cstdio>

#include "engine/variant.h"
#include "platform/web_bridge.h"

namespace platform {

namespace {

int sideCode(view::ScreenSide s) { return s == view::ScreenSide::Bottom ? 1 : s == view::ScreenSide::Top ? 2 : 0; }

std::string number(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", static_cast<double>(v));
  return buf;
}

}  // namespace

std::string firstBoardJson(const view::BoardView& b, const view::Layout& l, const nard::MatchOptions& game) {
  int in[34] = {};
  for (int p = 1; p <= 24; ++p) {
    const int n = b.points[p].count;
    in[p - 1] = b.points[p].owner == view::ScreenSide::Top ? -n : n;
  }
  for (int s = 0; s < 2; ++s) {
    in[24 + s] = b.bar[s];
    in[26 + s] = b.off[s];
  }
  in[28] = b.checkersPerSide;
  in[29] = b.cubeEnabled ? b.cubeValue : 0;
  in[30] = sideCode(b.cubeOwner);
  if (b.diceOwner != view::ScreenSide::None) {
    in[31] = b.dice[0];
    in[32] = b.dice[1];
    in[33] = sideCode(b.diceOwner);
  }
  std::string s = "{\"v\":1,\"width\":" + number(l.opt.cssWidth) + ",\"height\":" + number(l.opt.cssHeight) +
                  ",\"top\":" + number(l.opt.topInset) + ",\"left\":" + number(l.opt.leftInset) +
                  ",\"right\":" + number(l.opt.rightInset) + ",\"bottom\":" + number(l.opt.bottomInset) +
                  ",\"safe\":[" + number(l.opt.safe.top) + "," + number(l.opt.safe.right) + "," +
                  number(l.opt.safe.bottom) + "," + number(l.opt.safe.left) + "],\"strip\":" + number(l.opt.stripLine) +
                  ",\"board\":[";
  for (int i = 0; i < 34; ++i) s += (i ? "," : "") + std::to_string(in[i]);
  return s + "],\"game\":{\"variant\":\"" + std::string(nard::spec(game.variant).key) + "\",\"rules\":\"" +
         std::string(nard::rulesKey(game.rules)) + "\",\"length\":" + std::to_string(game.matchLength) +
         ",\"cube\":" + (game.cube ? "true" : "false") + "}}";
}

void rememberFirstBoard(const view::BoardView& board, const view::Layout& layout, const nard::MatchOptions& game) {
  static std::string stored;   // what this page stored last
  std::string json = firstBoardJson(board, layout, game);
  if (json == stored) return;
  if (!storageSet("nard.firstBoard", json)) return;
  stored = std::move(json);
  firstBoardStored();
}

}  // namespace platform
