#include "notation.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace nard {
namespace {

struct Path {
  std::vector<int> points;  // from, [intermediate...], to
  std::vector<bool> hits;   // hit on arriving at points[i] (index 0 unused)
  int count = 1;
};

std::string pointName(int p) {
  if (p == kBar) return "bar";
  if (p == kOff) return "off";
  return std::to_string(p);
}

std::string formatPath(const Path& path) {
  std::string s = pointName(path.points[0]);
  for (std::size_t i = 1; i < path.points.size(); ++i) {
    bool last = i + 1 == path.points.size();
    if (!last && !path.hits[i]) continue;  // a plain intermediate point is implied
    s += '/' + pointName(path.points[i]);
    if (path.hits[i]) s += '*';
  }
  if (path.count > 1) s += "(" + std::to_string(path.count) + ")";
  return s;
}

}  // namespace

std::string formatPlay(const Play& play) {
  // The mover's checkers before the play, rebuilt by taking the moves back.
  Side side = play.result.me();
  for (int i = play.count - 1; i >= 0; --i) {
    --side[play.moves[i].to];
    ++side[play.moves[i].from];
  }
  std::vector<Path> paths;
  for (int i = 0; i < play.count; ++i) {
    const Move& m = play.moves[i];
    // A checker that arrived on an otherwise empty point and moves on is one checker
    // travelling: chain it ("24/18/14"). Where others stood, keep two moves ("4/3 3/off").
    bool alone = side[m.from] == 1;
    --side[m.from];
    ++side[m.to];
    auto it = std::find_if(paths.rbegin(), paths.rend(), [&](const Path& p) {
      return alone && p.count == 1 && p.points.back() == m.from;
    });
    if (it != paths.rend()) {
      it->points.push_back(m.to);
      it->hits.push_back(m.hit);
    } else {
      paths.push_back(Path{{m.from, m.to}, {false, m.hit}, 1});
    }
  }
  std::stable_sort(paths.begin(), paths.end(), [](const Path& a, const Path& b) {
    if (a.points.front() != b.points.front()) return a.points.front() > b.points.front();
    return a.points.back() > b.points.back();
  });
  std::vector<Path> grouped;
  for (auto& p : paths) {
    if (!grouped.empty() && grouped.back().points == p.points && grouped.back().hits == p.hits)
      ++grouped.back().count;
    else
      grouped.push_back(p);
  }
  std::string s;
  for (auto& p : grouped) {
    if (!s.empty()) s += ' ';
    s += formatPath(p);
  }
  return s;
}

namespace {

class Parser {
 public:
  explicit Parser(std::string_view t) : t_(t) {}

  bool parse(std::vector<Path>& out, std::string& error) {
    skipSpace();
    while (i_ < t_.size()) {
      Path path;
      int from;
      if (!point(from, error)) return false;
      path.points.push_back(from);
      path.hits.push_back(false);
      while (i_ < t_.size() && t_[i_] == '/') {
        ++i_;
        int to;
        if (!point(to, error)) return false;
        bool hit = false;
        if (i_ < t_.size() && t_[i_] == '*') {
          hit = true;
          ++i_;
        }
        if (to >= path.points.back()) {
          error = "a checker moves to a lower point: '" + pointName(path.points.back()) + "/" +
                  pointName(to) + "' goes the wrong way";
          return false;
        }
        path.points.push_back(to);
        path.hits.push_back(hit);
      }
      if (path.points.size() < 2) {
        error = "expected '/' after point " + pointName(from) + " (a move looks like 24/18)";
        return false;
      }
      if (i_ < t_.size() && t_[i_] == '(') {
        ++i_;
        std::size_t start = i_;
        while (i_ < t_.size() && std::isdigit(static_cast<unsigned char>(t_[i_]))) ++i_;
        if (i_ == start || i_ - start > 1 || i_ >= t_.size() || t_[i_] != ')') {
          error = "a repeat count is written (2), (3) or (4)";
          return false;
        }
        path.count = t_[start] - '0';
        ++i_;
        if (path.count < 1 || path.count > 4) {
          error = "a repeat count is written (2), (3) or (4)";
          return false;
        }
      }
      if (i_ < t_.size() && !std::isspace(static_cast<unsigned char>(t_[i_]))) {
        error = std::string("unexpected '") + t_[i_] + "' in move";
        return false;
      }
      out.push_back(std::move(path));
      skipSpace();
    }
    if (out.empty()) {
      error = "empty move";
      return false;
    }
    return true;
  }

 private:
  void skipSpace() {
    while (i_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[i_]))) ++i_;
  }
  bool word(std::string_view w) {
    if (t_.size() - i_ < w.size()) return false;
    for (std::size_t k = 0; k < w.size(); ++k)
      if (std::tolower(static_cast<unsigned char>(t_[i_ + k])) != w[k]) return false;
    i_ += w.size();
    return true;
  }
  bool point(int& p, std::string& error) {
    if (word("bar")) return p = kBar, true;
    if (word("off")) return p = kOff, true;
    std::size_t start = i_;
    int value = 0;
    while (i_ < t_.size() && std::isdigit(static_cast<unsigned char>(t_[i_])) && i_ - start < 3)
      value = value * 10 + (t_[i_++] - '0');
    if (i_ == start || value > kBar) {
      error = "expected a point 1-24, 'bar' or 'off' at position " + std::to_string(start + 1);
      return false;
    }
    p = value;
    return true;
  }

  std::string_view t_;
  std::size_t i_ = 0;
};

}  // namespace

std::optional<Play> findPlay(const PlayList& legal, const Position& before, std::string_view text,
                             std::string* error) {
  std::string why;
  std::vector<Path> paths;
  if (!Parser(text).parse(paths, why)) {
    if (error) *error = why;
    return std::nullopt;
  }
  Side target = before.me();
  std::uint32_t markedHits = 0;
  for (const Path& path : paths) {
    for (std::size_t k = 1; k < path.points.size(); ++k) {
      int from = path.points[k - 1], to = path.points[k];
      if (target[from] < path.count) {
        if (error) *error = "no checker to move from " + pointName(from);
        return std::nullopt;
      }
      target[from] -= static_cast<std::uint8_t>(path.count);
      target[to] += static_cast<std::uint8_t>(path.count);
      if (path.hits[k]) markedHits |= 1u << to;
    }
  }
  const Play* unique = nullptr;
  const Play* exact = nullptr;
  int candidates = 0;
  for (const Play& p : legal) {
    if (p.result.me() != target) continue;
    ++candidates;
    unique = &p;
    std::uint32_t hits = 0;
    for (int i = 0; i < p.count; ++i)
      if (p.moves[i].hit) hits |= 1u << p.moves[i].to;
    if (hits == markedHits) exact = &p;
  }
  if (exact) return *exact;
  // Hits left unmarked are forgiven; hits marked where the play makes none are not.
  if (candidates == 1 && markedHits == 0) return *unique;
  if (error)
    *error = candidates == 0 || markedHits ? "'" + std::string(text) + "' is not a legal play with this roll"
                             : "'" + std::string(text) + "' is ambiguous: mark the hits with '*'";
  return std::nullopt;
}

}  // namespace nard
