// Move notation: printing, parsing, and the round trip over every legal play.
#include <doctest/doctest.h>

#include "builders.h"

using namespace nard;
using namespace nard::test;

TEST_CASE("formats the usual forms") {
  const VariantSpec& v = spec(Variant::Standard);
  Position start = startPosition(v);
  CHECK(plays(start, dice(3, 1), Rules::Modern).count("8/5 6/5") == 1);
  CHECK(plays(start, dice(4, 4), Rules::Modern).count("13/9(2) 6/2(2)") == 1);
  Position bar = board(v, {{kBar, 1}, {6, 2}}, {{22, 1}});
  CHECK(plays(bar, dice(3, 1), Rules::Modern).count("bar/22* 6/5") == 1);
  Position chain = board(v, {{24, 1}}, {{18, 1}});
  CHECK(plays(chain, dice(6, 4), Rules::Modern).count("24/18*/14") == 1);
  CHECK(plays(chain, dice(6, 4), Rules::Modern).count("24/14") == 1);  // via 20
}

TEST_CASE("parses gnubg's spellings and judges plays by their effect") {
  const VariantSpec& v = spec(Variant::Standard);
  Position start = startPosition(v);
  auto list = legalPlays(start, dice(6, 4), cubelessPolicy(v, Rules::Modern));
  std::string error;
  auto a = findPlay(list, start, "24/14", &error);
  auto b = findPlay(list, start, "24/18 18/14", &error);
  auto c = findPlay(list, start, "24/20/14", &error);
  REQUIRE(a);
  REQUIRE(b);
  REQUIRE(c);
  CHECK(a->result == b->result);
  CHECK(b->result == c->result);
  CHECK(findPlay(legalPlays(start, dice(4, 4), cubelessPolicy(v, Rules::Modern)), start, "13/9(2) 6/2(2)", &error));
}

TEST_CASE("bad notation gets a clear reason") {
  const VariantSpec& v = spec(Variant::Standard);
  Position start = startPosition(v);
  auto list = legalPlays(start, dice(3, 1), cubelessPolicy(v, Rules::Modern));
  std::string error;
  CHECK_FALSE(findPlay(list, start, "", &error));
  CHECK(error == "empty move");
  CHECK_FALSE(findPlay(list, start, "8/9", &error));
  CHECK(error.find("wrong way") != std::string::npos);
  CHECK_FALSE(findPlay(list, start, "8/5 6/5 x", &error));
  CHECK_FALSE(findPlay(list, start, "7/4 6/5", &error));
  CHECK(error.find("no checker") != std::string::npos);
  CHECK_FALSE(findPlay(list, start, "13/7", &error));
  CHECK(error.find("not a legal play") != std::string::npos);
  CHECK_FALSE(findPlay(list, start, "8/5(9)", &error));
  CHECK_FALSE(findPlay(list, start, "99/5", &error));
  CHECK_FALSE(findPlay(list, start, "8/5* 6/5", &error));  // marks a hit that is not there
}

TEST_CASE("every legal play round-trips through its notation, in every variant") {
  for (int vi = 0; vi < kVariantCount; ++vi) {
    const VariantSpec& v = spec(static_cast<Variant>(vi));
    for (Rules r : {Rules::Modern, Rules::Traditional}) {
      Rng rng(7 + vi);
      Position pos = startPosition(v);
      PlayList list;
      for (int i = 0; i < 300; ++i) {
        generatePlays(pos, rng.roll(), cubelessPolicy(v, r), list);
        for (const Play& p : list) {
          std::string error;
          auto back = findPlay(list, pos, formatPlay(p), &error);
          REQUIRE_MESSAGE(back.has_value(), formatPlay(p) << ": " << error);
          CHECK(back->result == p.result);
        }
        if (!list.empty()) pos = list[rng.below(static_cast<int>(list.size()))].result;
        pos = pos.me()[kOff] == v.checkers ? startPosition(v) : pos.flipped();
      }
    }
  }
}
