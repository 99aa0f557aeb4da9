"""The in-game rules summary (RULES.md in short), as rich text in Chinese and in English."""

from __future__ import annotations

# (级, 级别, English, 段位, next level at) — RULES §6.
LEVELS: tuple[tuple[int, str, str, str, int | None], ...] = (
    (1, "待业", "Jobless", "麻袋", 100),
    (2, "临时工", "Temp worker", "街头一段", 200),
    (3, "合同工", "Contract worker", "街头二段", 400),
    (4, "正式工", "Regular worker", "街头三段", 800),
    (5, "助理主管", "Assistant supervisor", "街头霸王", 1600),
    (6, "副主管", "Deputy supervisor", "茶室一段", 3200),
    (7, "主管", "Supervisor", "茶室二段", 6400),
    (8, "助理经理", "Assistant manager", "茶室三段", 12800),
    (9, "副经理", "Deputy manager", "茶室不败", 25600),
    (10, "经理", "Manager", "酒店一段", 51200),
    (11, "助理总裁", "Assistant president", "酒店二段", 102400),
    (12, "副总裁", "Vice president", "酒店三段", 204800),
    (13, "总裁", "President", "酒店至尊", 409600),
    (14, "董事", "Director", "县级大师", 819200),
    (15, "副董事长", "Vice chairman", "市级大师", 1638400),
    (16, "董事长", "Chairman", "省级大师", 3276800),
    (17, "赌王", "King of gamblers", "国家大师", 6553600),
    (18, "赌圣", "Saint of gamblers", "国际大师", 13107200),
    (19, "赌神", "God of gamblers", "特级大师", 26214400),
    (20, "边锋首富", "Richest on Bianfeng", "麻将部长", 52428800),
    (21, "中国首富", "Richest in China", "麻将总理", 104857600),
    (22, "亚洲首富", "Richest in Asia", "麻将总统", 209715200),
    (23, "世界首富", "Richest in the world", "麻将皇帝", 419430400),
    (24, "财神", "God of wealth", "麻将无敌", None),
)

_CSS = """
<style>
body { font-size: 14px; color: #2b2a26; line-height: 150%; }
h1 { color: #17623d; font-size: 22px; margin: 4px 0 6px 0; }
h2 { color: #17623d; font-size: 17px; margin: 16px 0 4px 0; border-bottom: 1px solid #e2d7bd; }
p { margin: 4px 0; }
li { margin: 2px 0; }
b.red { color: #b8322a; }
span.pts { color: #b8322a; font-weight: bold; }
table { border-collapse: collapse; margin: 6px 0; }
th { background: #17623d; color: #fbf6e9; padding: 4px 10px; font-weight: bold; text-align: left; }
td { padding: 3px 10px; border-bottom: 1px solid #eee4cc; }
td.num { text-align: right; }
.note { color: #7a705c; font-size: 12px; }
</style>
"""


def _levels_table(lang: str) -> str:
    if lang == "zh":
        head = "<tr><th>级</th><th>级别</th><th>段位</th><th>升级积分</th></tr>"
        rows = [
            f"<tr><td class='num'>{n}</td><td>{title}</td><td>{rank}</td>"
            f"<td class='num'>{'—' if at is None else f'{at:,}'}</td></tr>"
            for n, title, _en, rank, at in LEVELS
        ]
    else:
        head = "<tr><th>Level</th><th>Title</th><th></th><th>Next level at</th></tr>"
        rows = [
            f"<tr><td class='num'>{n}</td><td>{title}</td><td>{en}</td>"
            f"<td class='num'>{'top' if at is None else f'{at:,}'}</td></tr>"
            for n, title, en, _rank, at in LEVELS
        ]
    return f"<table cellspacing='0'>{head}{''.join(rows)}</table>"


_ZH = """
<h1>合肥麻将 规则简介</h1>
<p>四人对局，逆时针轮转：庄家 → 下家 → 对家 → 上家。</p>

<h2>牌与牌墙</h2>
<ul>
<li>只用 <b>万、饼、条</b> 的 2 到 8，共 21 种 × 4 张 = <b>84 张</b>。没有 1、9、字牌和花牌。</li>
<li>牌墙 42 墩。庄家掷两颗骰子，按点数选定一方开牌；摸牌从牌墙前端取，
    <b>杠后补牌从最后一墩取</b>。</li>
<li>庄家 14 张，闲家各 13 张，墙里剩 31 张。</li>
</ul>

<h2>行牌</h2>
<ul>
<li>摸一张 → 可以自摸胡 → 可以暗杠（杠后从牌尾补一张，补的牌也能胡）→ 打出一张。</li>
<li><b class="red">不能吃、不能碰、不能明杠</b>。唯一的“副露”是手里四张相同牌的<b>暗杠</b>，
    扣着放，别人只知道你杠了，不知道杠的是什么。</li>
<li>别人打出的牌，凡是能胡的人都可以胡：<b>一炮多响</b>。</li>
<li>牌墙剩 4 张及以下时不能再杠。</li>
<li><b>海捞</b>：牌墙只剩最后 4 张时，从下一家起每人摸一张、不打牌，摸到能胡即海捞胡（+10）。
    四人都没胡则荒庄。</li>
<li><b>荒庄</b>：无人胡牌，不结算，杠分作废，庄家连庄。</li>
</ul>

<h2>房间：报听 与 不报听</h2>
<ul>
<li><b>不报听</b>：随时可以自摸或点炮胡，基本分 10。</li>
<li><b>报听</b>：基本分 12。打牌时若剩下的 13 张已听牌，可以报听。报听后：
    只有报听的人才能胡别人打的牌（没报听只能自摸）；手牌锁定，摸到不胡不杠的牌自动打出；
    暗杠后仍须听牌。</li>
</ul>

<h2>胡牌条件</h2>
<ul>
<li><b>牌型</b>：四组（顺子或刻子，暗杠算一组）加一对将；或者<b>七对</b>（没有暗杠，四张相同可算两对）。</li>
<li><b class="red">八张规则</b>：至少有一门花色达到 <b>8 张或以上</b>（算上胡的那张和杠的四张），
    否则不能胡。</li>
</ul>

<h2>计分</h2>
<p>先求 <b>基础分 S</b>（下列各项之和），杠后自摸 ×2，再加清一色 30，得到胡牌分 <b>V</b>；
与庄家之间的结算另加庄分。</p>
<table cellspacing="0">
<tr><th>项目</th><th>分数</th></tr>
<tr><td>胡牌基本分</td><td>报听 <span class=pts>12</span>，不报听 <span class=pts>10</span></td></tr>
<tr><td>支</td><td>每门 8 张以上，每多一张 <span class=pts>+1</span></td></tr>
<tr><td>双八支</td><td>两门都够 8 张 <span class=pts>+50</span></td></tr>
<tr><td>缺一门</td><td>正好缺一门 <span class=pts>+1</span></td></tr>
<tr><td>同</td><td>同一点数三门合计 n ≥ 5 张，<span class=pts>+(n − 4)</span></td></tr>
<tr><td>坎</td><td>手里自成的刻子，每个 <span class=pts>+1</span></td></tr>
<tr><td>杠</td><td>每个暗杠 <span class=pts>+2</span></td></tr>
<tr><td>活</td><td>四张相同未杠，拆成刻子加顺子 <span class=pts>+4</span></td></tr>
<tr><td>卡</td><td>夹张、边张或单调 <span class=pts>+1</span></td></tr>
<tr><td>双铺子</td><td>k 个相同顺子 <span class=pts>+2×(k − 1)</span></td></tr>
<tr><td>七对</td><td><span class=pts>+5</span>（不再算坎、杠、活、卡、双铺子）</td></tr>
<tr><td>海捞胡</td><td><span class=pts>+10</span></td></tr>
<tr><td>天胡 / 地胡</td>
    <td>基本分 <span class=pts>+100</span> / <span class=pts>+80</span>，不计其他</td></tr>
<tr><td>杠后自摸</td><td>基础分 <span class=pts>×2</span></td></tr>
<tr><td>清一色</td><td><span class=pts>+30</span>（不翻倍）</td></tr>
</table>
<p>一手牌有多种组法时，取最高分。</p>

<h2>庄分与结算</h2>
<ul>
<li>自摸：其余三家各付 V；点炮：放炮者一人付给每个赢家 V。</li>
<li>凡涉及庄家的一笔结算另加<b>庄分</b>：点炮 + 1 × 连庄数，自摸 + 2 × 连庄数。</li>
<li>庄家胡或荒庄则连庄（连庄数 +1）；闲家胡则下家坐庄，连庄数回到 1。</li>
<li>庄家轮完四家为一圈，四圈为一锅（也可选 1 圈或 2 圈）。</li>
</ul>

<h2>可选规则</h2>
<ul>
<li><b>豪华七对</b>：七对中每组四张相同，基础分 ×2 / ×3 / ×4。</li>
<li><b>明暗</b>：点炮胡且胡的牌在活或双铺子里，该项减半。</li>
<li><b>缺两门</b>：清一色另加缺门 2 分。</li>
<li><b>四张即活</b>：任意四张相同暗牌都算活，七对也算。</li>
<li><b>系统自动胡</b>：报听后能胡由系统自动胡。</li>
</ul>

<h2>等级</h2>
<p>积分为每局净得分的累计（不低于 0），达到升级积分即升一级。</p>
"""

_EN = """
<h1>Hefei Mahjong in brief</h1>
<p>Four players; play goes counter-clockwise: dealer → right → opposite → left.</p>

<h2>Tiles and wall</h2>
<ul>
<li>Only ranks <b>2 to 8</b> of Characters, Dots and Bamboo: 21 kinds × 4 = <b>84 tiles</b>.
    No 1s, no 9s, no honours, no flowers.</li>
<li>The wall has 42 stacks. The dealer rolls two dice to choose where it breaks. Draws come from the
    front; <b>kong replacement tiles come from the back</b>.</li>
<li>The dealer holds 14 tiles, the others 13; 31 tiles stay in the wall.</li>
</ul>

<h2>Play</h2>
<ul>
<li>Draw → you may win by self-draw → you may make concealed kongs (each followed by a replacement
    tile from the back, which may also win) → discard.</li>
<li><b class="red">No chow, no pong, no exposed kong.</b> The only meld is a <b>concealed kong</b> of
    four identical tiles, laid face down.</li>
<li>Everyone who can win on a discard may claim it: <b>several winners</b> on one tile are allowed.</li>
<li>No kong once 4 or fewer tiles are left.</li>
<li><b>Last four</b> (海捞): when the wall is down to 4 tiles, each player in turn draws one and does not
    discard. Winning with it scores +10. If nobody wins, the hand is drawn.</li>
<li><b>Exhaustive draw</b> (荒庄): nobody pays, kong points are void, the dealer stays.</li>
</ul>

<h2>Rooms: declare-ready and open</h2>
<ul>
<li><b>Open</b> (不报听): anyone may win on a discard or by self-draw. Base score 10.</li>
<li><b>Declare ready</b> (报听): base score 12. You may declare with a discard when your 13 tiles are
    ready. Only declared players may win on a discard (others only by self-draw); a declared hand is
    locked (a drawn tile that neither wins nor kongs is discarded) and a kong must keep it ready.</li>
</ul>

<h2>Winning</h2>
<ul>
<li><b>Shape</b>: four sets (sequences or triplets; a kong counts as a set) and a pair, or
    <b>seven pairs</b> (no kong; four identical tiles count as two pairs).</li>
<li><b class="red">The 8-tile rule</b>: at least one suit must hold <b>8 or more</b> of your tiles
    (the winning tile and all kong tiles included), or you cannot win.</li>
</ul>

<h2>Scoring</h2>
<p>Add up the <b>sum S</b> from the items below; double it for a kong replacement win; add 30 for a pure
suit. That is the hand value <b>V</b>; payments that involve the dealer carry the dealer bonus on top.</p>
<table cellspacing="0">
<tr><th>Item</th><th>Points</th></tr>
<tr><td>Base 胡牌基本分</td>
    <td><span class=pts>12</span> declare-ready room, <span class=pts>10</span> open</td></tr>
<tr><td>Suit length 支</td><td><span class=pts>+1</span> per tile beyond 8 in a suit</td></tr>
<tr><td>Two long suits 双八支</td><td><span class=pts>+50</span> when two suits have 8+</td></tr>
<tr><td>Missing suit 缺一门</td><td><span class=pts>+1</span> when exactly one suit is absent</td></tr>
<tr><td>Same rank 同</td><td><span class=pts>+(n − 4)</span> for n ≥ 5 tiles of one rank</td></tr>
<tr><td>Concealed triplet 坎</td><td><span class=pts>+1</span> each</td></tr>
<tr><td>Concealed kong 杠</td><td><span class=pts>+2</span> each</td></tr>
<tr><td>Live four 活</td><td><span class=pts>+4</span>: four alike, used as triplet + sequence</td></tr>
<tr><td>One-tile wait 卡</td><td><span class=pts>+1</span>: middle, edge or pair wait</td></tr>
<tr><td>Twin sequences 双铺子</td><td><span class=pts>+2×(k − 1)</span> for k identical sequences</td></tr>
<tr><td>Seven pairs 七对</td>
    <td><span class=pts>+5</span> (no triplet, kong, live, wait or twin items)</td></tr>
<tr><td>Last-four win 海捞胡</td><td><span class=pts>+10</span></td></tr>
<tr><td>Heavenly / earthly hand</td>
    <td>base <span class=pts>+100</span> / <span class=pts>+80</span>, nothing else</td></tr>
<tr><td>Kong replacement win</td><td>S <span class=pts>×2</span></td></tr>
<tr><td>Pure suit 清一色</td><td><span class=pts>+30</span> (never doubled)</td></tr>
</table>
<p>When a hand can be arranged several ways, the best score counts.</p>

<h2>Dealer bonus and payments</h2>
<ul>
<li>Self-draw: each of the three others pays V. Discard win: the discarder alone pays each winner V.</li>
<li>Any payment between the dealer and another player adds the <b>dealer bonus</b>:
    + 1 × streak on a discard win, + 2 × streak on a self-draw.</li>
<li>The dealer stays (streak + 1) after winning or a drawn hand; otherwise the player on the right
    deals and the streak goes back to 1.</li>
<li>A round passes the deal around all four seats; a match is 4 rounds (or 1 or 2).</li>
</ul>

<h2>Options</h2>
<ul>
<li><b>Luxury seven pairs</b>: each set of four alike in seven pairs multiplies S by 2, 3 or 4.</li>
<li><b>Exposed / concealed</b>: on a discard win inside a live four or twin sequences, that item is
    halved.</li>
<li><b>Two missing suits</b>: a pure suit also scores +2 for the missing suits.</li>
<li><b>Any four is live</b>: any four identical concealed tiles score live, seven pairs included.</li>
<li><b>System auto-win</b>: the system wins for every declared player.</li>
</ul>

<h2>Levels</h2>
<p>Your points are the running sum of your net score over all hands (never below 0).
Reaching a figure takes you up one level.</p>
"""


def rules_html(lang: str) -> str:
    """The whole rules page for ``lang`` ("zh" or "en")."""
    body = _ZH if lang == "zh" else _EN
    return f"<html><head>{_CSS}</head><body>{body}{_levels_table(lang)}</body></html>"
