#include "ui/rules_help.h"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "ui/i18n.h"
#include "ui/mirrored_widgets.h"
#include "ui/rtl_text.h"

namespace ui {
namespace {

// Each text in both languages: English, and Persian in logical order (shaped when drawn).
struct Text {
  const char* en;
  const char* fa;
  const char* get() const { return language() == Language::Persian ? fa : en; }
};

struct RuleSetRow {
  Text topic, traditional, modern;
};

struct Variant {
  const char* name;   // a T() key
  Text setup;
  bool ruleSets;      // the traditional / modern table applies
};

const Variant kVariants[] = {
    {"Standard",
     {"Each player has 15 checkers: 2 on the 24-point, 5 on the 13-point, 3 on the 8-point and 5 on the "
      "6-point, each counted from the player's own side. The players move in opposite directions, from their "
      "24-point towards their home board (points 1 to 6), and bear off from there.",
      "هر بازیکن 15 مهره دارد: 2 مهره در خانه 24، 5 مهره در خانه 13، 3 مهره در خانه 8 و 5 مهره در خانه 6، "
      "هر کدام با شماره‌گذاری از سمت خود بازیکن. دو بازیکن در خلاف جهت هم حرکت می‌کنند: از خانه 24 به سوی "
      "خانه خودی (خانه‌های 1 تا 6) و از آنجا مهره‌ها را بیرون می‌برند."},
     true},
    {"Nackgammon",
     {"Nackgammon (nack nard) is Standard with another start: 2 checkers on the 24-point, 2 on the 23-point, "
      "4 on the 13-point, 3 on the 8-point and 4 on the 6-point. The extra back checkers make the game longer "
      "and richer in contact. Everything else is as in Standard.",
      "نک نرد همان تخته نرد با چیدمانی دیگر است: 2 مهره در خانه 24، 2 مهره در خانه 23، 4 مهره در خانه 13، "
      "3 مهره در خانه 8 و 4 مهره در خانه 6. مهره‌های عقب بیشتر، بازی را طولانی‌تر و پردرگیری‌تر می‌کنند. "
      "باقی قوانین همان قوانین تخته نرد است."},
     true},
    {"Hyper",
     {"Hyper (hyper nard) is played with only 3 checkers each, on the 24-, 23- and 22-points. Games are short "
      "and every roll counts. Everything else is as in Standard.",
      "هایپر نرد فقط با 3 مهره برای هر بازیکن بازی می‌شود: در خانه‌های 24، 23 و 22. بازی‌ها کوتاه‌اند و هر "
      "تاس اهمیت دارد. باقی قوانین همان قوانین تخته نرد است."},
     true},
    {"Long Nard",
     {"Long Nard (nard boland, gol bahar): all 15 checkers of each player start on one point, the player's "
      "24-point, called the head; the two heads are at diagonally opposite corners. Both players move the same "
      "way round the board, and there is no bar.",
      "نرد بلند (گل بهار): همه 15 مهره هر بازیکن روی یک خانه، خانه 24 خود او که «سر» نام دارد، چیده "
      "می‌شوند؛ دو سر در دو گوشه روبه‌روی هم قرار دارند. هر دو بازیکن در یک جهت دور تخته حرکت می‌کنند و "
      "بار وجود ندارد."},
     false},
};

// How to play: the variants with hitting (Standard, Nackgammon, Hyper).
const Text kPlay[] = {
    {"Roll two dice and move checkers forward by the numbers shown. Each die is a separate move; one checker "
     "may use both if the point in between is open. A double is played four times.",
     "دو تاس بریزید و مهره‌ها را به اندازه عدد تاس‌ها به جلو ببرید. هر تاس یک حرکت جداست؛ یک مهره می‌تواند "
     "هر دو تاس را بازی کند، اگر خانه میانی باز باشد. جفت چهار بار بازی می‌شود."},
    {"A checker may land on any point not held by two or more opposing checkers. Landing on a single opposing "
     "checker (a blot) hits it: it goes to the bar.",
     "مهره در هر خانه‌ای که دو مهره یا بیشتر از حریف در آن نباشد می‌نشیند. نشستن روی تک مهره حریف "
     "(مهره گشاد) آن را می‌زند و به بار می‌فرستد."},
    {"Checkers on the bar must enter before anything else moves, in the opponent's home board: with a die d "
     "onto your point 25-d. If none can enter, the turn is lost.",
     "مهره‌های روی بار باید پیش از هر حرکت دیگری وارد شوند، در خانه حریف: با تاس d در خانه 25-d شما. اگر "
     "هیچ مهره‌ای نتواند وارد شود، نوبت از دست می‌رود."},
    {"You must use as many of the dice as you can; if only one of the two can be played, it must be the larger "
     "(traditional rules refine this: see the table).",
     "باید تا جای ممکن همه تاس‌ها را بازی کنید؛ اگر فقط یکی از دو تاس بازی‌شدنی باشد، تاس بزرگ‌تر را باید "
     "بازی کرد (قوانین سنتی این را دقیق‌تر می‌کنند: جدول را ببینید)."},
    {"When all your checkers are in your home board, bear them off: a die removes a checker from its point; a "
     "larger die removes one from the highest point only when no checker stands higher. The first to bear off "
     "all checkers wins.",
     "وقتی همه مهره‌هایتان در خانه خودی است، آن‌ها را بیرون ببرید (مهره خوری): هر تاس مهره‌ای را از خانه "
     "هم‌عدد خود بیرون می‌برد؛ تاس بزرگ‌تر فقط وقتی از بالاترین خانه مهره برمی‌دارد که مهره‌ای بالاتر نباشد. "
     "هر کس زودتر همه مهره‌هایش را بیرون ببرد برنده است."},
};

const RuleSetRow kRuleSets[] = {
    {{"Who starts", "شروع بازی"},
     {"Once per match each player rolls one die; the players agree beforehand whether the higher or the "
      "lower die wins. The winner rolls both dice and plays (a double is possible). Each later game is "
      "started by the winner of the game before.",
      "فقط یک بار در هر مسابقه: هر بازیکن یک تاس می‌ریزد؛ از پیش توافق می‌شود که تاس بزرگ‌تر برنده باشد یا "
      "کوچک‌تر. برنده هر دو تاس را می‌ریزد و بازی می‌کند (جفت هم ممکن است). هر دست بعدی را برنده دست قبل "
      "آغاز می‌کند."},
     {"Every game: each player rolls one die; the higher starts and plays those two numbers (never a "
      "double). Ties roll again.",
      "در هر دست: هر بازیکن یک تاس می‌ریزد؛ تاس بزرگ‌تر شروع می‌کند و همان دو عدد را بازی می‌کند (هرگز "
      "جفت). در تساوی دوباره تاس ریخته می‌شود."}},
    {{"Results", "نتیجه"},
     {"Single win 1 point; mars (the loser has borne off no checker) 2 points.",
      "برد ساده 1 امتیاز؛ مارس (بازنده هیچ مهره‌ای بیرون نبرده) 2 امتیاز."},
     {"Single win 1; gammon (mars) 2; backgammon 3: the loser has borne off none and still has a checker "
      "on the bar or in the winner's home board. The cube multiplies the points.",
      "برد ساده 1؛ مارس 2؛ سیاه مارس 3 امتیاز: بازنده هیچ مهره‌ای بیرون نبرده و هنوز مهره‌ای روی بار یا "
      "در خانه برنده دارد. امتیاز در عدد کیوب ضرب می‌شود."}},
    {{"Doubling cube", "کیوب"},
     {"No cube.", "کیوب ندارد."},
     {"Cube 2 to 64. Before rolling, the owner of the cube (anyone while it is in the middle) may double; "
      "the opponent takes, and owns the cube at twice the value, or passes and loses the current value. No "
      "double when your score plus the cube already reaches the match length.",
      "کیوب از 2 تا 64. پیش از تاس ریختن، صاحب کیوب (یا هر بازیکن، وقتی کیوب وسط است) می‌تواند دبل بدهد؛ "
      "حریف یا قبول می‌کند و صاحب کیوب با ارزش دو برابر می‌شود، یا رد می‌کند و ارزش فعلی را می‌بازد. وقتی "
      "امتیاز شما به‌علاوه ارزش کیوب به طول مسابقه می‌رسد، دبل ممکن نیست."}},
    {{"Crawford, Jacoby, beaver", "کرافورد، جاکوبی، بیور"},
     {"None.", "ندارد."},
     {"Crawford: in a match, the first game after a player gets one point short of the match is played "
      "without the cube. Jacoby (money play): gammons and backgammons count only once the cube was turned. "
      "Beaver (money play): a doubled player may at once redouble and keep the cube; the doubler accepts or "
      "refuses.",
      "کرافورد: در مسابقه، نخستین دست پس از آنکه بازیکنی به یک امتیاز مانده به پایان برسد بدون کیوب بازی "
      "می‌شود. جاکوبی (بازی نامحدود): مارس و سیاه مارس فقط وقتی حساب می‌شوند که کیوب به کار افتاده باشد. "
      "بیور (بازی نامحدود): بازیکنی که دبل گرفته می‌تواند بی‌درنگ دوباره دبل کند و کیوب را نگه دارد؛ "
      "دبل‌دهنده آن را می‌پذیرد یا رد می‌کند."}},
    {{"Match length", "طول مسابقه"},
     {"Usually 3 or 5 points (\"3 takhte\", \"5 takhte\").", "معمولاً 3 یا 5 امتیاز («3 تخته»، «5 تخته»)."},
     {"1, 3, 5, 7, 9, 11, 13... points, or unlimited money play.",
      "1، 3، 5، 7، 9، 11، 13 و ... امتیاز، یا بازی نامحدود (مانی گیم)."}},
    {{"Touch-move", "دست به مهره"},
     {"A checker once moved stays moved.", "مهره‌ای که حرکت کرد، همان‌جا می‌ماند."},
     {"Rearrange freely until you confirm the turn; the opponent rolls only after that.",
      "تا پیش از تأیید نوبت می‌توانید حرکت‌ها را برگردانید و دوباره بچینید؛ حریف فقط پس از تأیید تاس "
      "می‌ریزد."}},
    {{"Clock", "ساعت"},
     {"None.", "ندارد."},
     {"Optional: a time bank of 2 minutes per match point plus a 12-second delay each turn; the delay is "
      "used first and never accumulates. A player whose bank runs out loses the match.",
      "اختیاری: زمان بانک، 2 دقیقه برای هر امتیاز مسابقه، و 12 ثانیه زمان تأخیر در هر نوبت؛ زمان تأخیر "
      "اول مصرف می‌شود و انباشته نمی‌شود. بازیکنی که زمان بانکش تمام شود مسابقه را می‌بازد."}},
    {{"Pip burning (khal-sukhtan)", "خال سوزی"},
     {"Forbidden. Among the plays that use the most dice you must choose one that moves the most pips "
      "(bearing off from point k counts k). With 6-1 and checkers on 4 and 3: 4/off 3/2, not 4/3 3/off. "
      "With 6-4 and checkers on 7 and 5: 7/1 5/1.",
      "ممنوع. از میان حرکت‌هایی که بیشترین تعداد تاس را بازی می‌کنند باید آنی را برگزید که بیشترین خال را "
      "حرکت دهد (بیرون بردن از خانه k برابر k خال است). با 6-1 و مهره‌هایی در 4 و 3: 4/off 3/2، نه "
      "4/3 3/off. با 6-4 و مهره‌هایی در 7 و 5: 7/1 5/1."},
     {"Allowed when bearing off, as long as both dice are used when possible: with 6-1, 4/3 3/off is fine; "
      "with 6-4, so is 7/3 5/off.",
      "در مهره خوری مجاز است، به شرط آنکه در صورت امکان هر دو تاس بازی شود: با 6-1 حرکت 4/3 3/off و با "
      "6-4 حرکت 7/3 5/off هم درست است."}},
    {{"Hit and lift in the home board", "زدن و پاشدن در خانه"},
     {"A checker that hits a blot in your home board and is then alone there may not, in the same turn, "
      "move onto your own checkers or bear off; it may go on to an empty point or hit again. The dice rule "
      "comes first. With 3-2, checkers on 6 and 1, a blot on 3: 6/4 4/1, not 6/3* 3/1.",
      "مهره‌ای که در خانه خودی مهره گشاد حریف را بزند و آنجا تنها بماند، در همان نوبت نمی‌تواند روی "
      "مهره‌های خودی برود یا بیرون برده شود؛ می‌تواند به خانه خالی برود یا دوباره بزند. حکم تاس مقدم است. "
      "با 3-2، مهره‌هایی در 6 و 1 و مهره گشاد حریف در 3: 6/4 4/1، نه 6/3* 3/1."},
     {"Free: 6/3* 3/1 is fine, and so is hitting and then bearing the same checker off.",
      "آزاد است: 6/3* 3/1 مجاز است و زدن و سپس بیرون بردن همان مهره هم مجاز است."}},
};

const Text kLongNard[] = {
    {"Each player rolls one die; the higher starts, plays White, and rolls both dice for the first turn (a "
     "double is possible). Ties roll again.",
     "هر بازیکن یک تاس می‌ریزد؛ تاس بزرگ‌تر شروع می‌کند، مهره سفید را می‌گیرد و برای نوبت اول هر دو تاس را "
     "می‌ریزد (جفت هم ممکن است). در تساوی دوباره تاس ریخته می‌شود."},
    {"Head rule: only one checker may leave the head each turn. Exception: on a player's first turn, 6-6, "
     "4-4 or 3-3 may take two checkers off the head, because the opponent's head blocks the way.",
     "قانون سر: در هر نوبت فقط یک مهره می‌تواند از سر حرکت کند. استثنا: در نوبت اول، با جفت 6، جفت 4 یا "
     "جفت 3 می‌توان دو مهره از سر برداشت، چون سر حریف راه را بسته است."},
    {"No hitting: a point with any opposing checker on it is closed. Any number of your own checkers may "
     "share a point.",
     "زدن مهره وجود ندارد: خانه‌ای که حتی یک مهره حریف در آن باشد بسته است. هر تعداد مهره خودی می‌توانند "
     "در یک خانه باشند."},
    {"Six-block rule: you may not hold six points in a row in front of the opponent unless at least one "
     "opposing checker is already past them. This holds after every single checker move.",
     "قانون بلاک شش‌تایی: نمی‌توانید شش خانه پشت سر هم را جلوی حریف ببندید، مگر آنکه دست‌کم یک مهره حریف "
     "از آن ردیف جلوتر باشد. این قانون پس از حرکت هر تک مهره برقرار است."},
    {"If the two dice cannot both be played but either can, the larger must be. Once all your checkers are "
     "home, bear off as in Standard.",
     "اگر بازی هر دو تاس ممکن نباشد ولی هر کدام به تنهایی ممکن باشد، تاس بزرگ‌تر را باید بازی کرد. وقتی "
     "همه مهره‌ها در خانه خودی‌اند، مانند تخته نرد بیرون برده می‌شوند."},
    {"A win scores 1 point, or 2 (mars) if the loser has borne off no checker. There is no cube, and the "
     "traditional and modern rule sets do not apply.",
     "برد 1 امتیاز دارد، یا 2 امتیاز (مارس) اگر بازنده هیچ مهره‌ای بیرون نبرده باشد. کیوب ندارد و قوانین "
     "سنتی و مدرن در آن به کار نمی‌رود."},
};

void heading(const char* english) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.98f, 0.82f, 0.45f, 1.0f));
  textLine(T(english));
  ImGui::PopStyleColor();
}

void bullets(const Text* items, int n) {
  for (int i = 0; i < n; ++i) textParagraph(std::string("• ") + items[i].get());
}

void ruleSetTable() {
  heading("Traditional and modern rules");
  const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("rulesets", 3, flags)) return;
  // Read from the reader's side: topic first, then traditional, then modern; in Persian
  // the first column is the rightmost.
  const bool rtl = rightToLeft();
  const float weights[3] = {0.55f, 1.0f, 1.0f};
  for (int c = 0; c < 3; ++c) ImGui::TableSetupColumn(nullptr, 0, weights[rtl ? 2 - c : c]);
  const char* headers[3] = {"Topic", "Traditional (Iranian)", "Modern"};
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int c = 0; c < 3; ++c) {
    ImGui::TableSetColumnIndex(rtl ? 2 - c : c);
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.98f, 0.82f, 0.45f, 1.0f));
    textLine(T(headers[c]));
    ImGui::PopStyleColor();
  }
  for (const RuleSetRow& row : kRuleSets) {
    ImGui::TableNextRow();
    const Text* cells[3] = {&row.topic, &row.traditional, &row.modern};
    for (int c = 0; c < 3; ++c) {
      ImGui::TableSetColumnIndex(rtl ? 2 - c : c);
      if (c == 0) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.90f, 0.78f, 0.60f, 1.0f));
      textParagraph(cells[c]->get());
      if (c == 0) ImGui::PopStyleColor();
    }
  }
  ImGui::EndTable();
}

}  // namespace

void drawRulesHelp(bool* open) {
  if (!open || !*open) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const ImVec2 size(std::min(820.0f, vp->WorkSize.x - 16), std::min(640.0f, vp->WorkSize.y - 16));
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
                          ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(size, ImGuiCond_Appearing);
  // The ### part keeps one window (position, size) whatever the title's language.
  const std::string title = std::string(T("Rules of the game")) + "###rules-help";
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.12f, 0.08f, 0.06f, 0.985f));   // text over wood must read
  const bool shown = beginDialog(title.c_str(), open, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings);
  ImGui::PopStyleColor();
  if (!shown) {
    ImGui::End();
    return;
  }
  // One tab per variant, in reading order (Standard first: the rightmost in Persian).
  // Drawn as buttons in a Row, because Dear ImGui's tab bars only grow from the left.
  const int n = static_cast<int>(sizeof kVariants / sizeof kVariants[0]);
  static int selected = 0;
  {
    Row row{buttonWidth(T(kVariants[0].name)), buttonWidth(T(kVariants[1].name)), buttonWidth(T(kVariants[2].name)),
            buttonWidth(T(kVariants[3].name))};
    for (int k = 0; k < n; ++k) {
      row.next();
      const bool active = k == selected;
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(active ? ImGuiCol_TabActive : ImGuiCol_Tab));
      ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImGui::GetStyleColorVec4(ImGuiCol_TabHovered));
      const std::string label = std::string(T(kVariants[k].name)) + "###" + kVariants[k].name;
      if (ImGui::Button(label.c_str())) selected = k;
      ImGui::PopStyleColor(2);
    }
  }
  ImGui::Separator();
  const Variant& v = kVariants[selected];
  ImGui::BeginChild("text");
  heading("Setup");
  textParagraph(v.setup.get());
  heading("How to play");
  if (v.ruleSets) {
    bullets(kPlay, static_cast<int>(sizeof kPlay / sizeof kPlay[0]));
    ruleSetTable();
  } else {
    bullets(kLongNard, static_cast<int>(sizeof kLongNard / sizeof kLongNard[0]));
  }
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace ui
