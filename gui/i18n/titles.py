"""The rank titles (级别 · 段位, engine.game.ranks) in English: the Chinese title stays, the English
rendering is shown beside it ("待业 (Jobless) · 麻袋 (Sack)"), as players of the Chinese apps know
the titles by their Chinese names."""

from __future__ import annotations

from engine.game.ranks import Rank
from gui.i18n import language

ENGLISH: dict[str, str] = {
    # 级别
    "待业": "Jobless", "临时工": "Temp", "合同工": "Contract worker", "正式工": "Staff worker",
    "助理主管": "Assistant supervisor", "副主管": "Deputy supervisor", "主管": "Supervisor",
    "助理经理": "Assistant manager", "副经理": "Deputy manager", "经理": "Manager",
    "助理总裁": "Assistant president", "副总裁": "Vice president", "总裁": "President",
    "董事": "Director", "副董事长": "Vice chairman", "董事长": "Chairman", "赌王": "King of gamblers",
    "赌圣": "Saint of gamblers", "赌神": "God of gamblers", "边锋首富": "Richest on Bianfeng",
    "中国首富": "Richest in China", "亚洲首富": "Richest in Asia", "世界首富": "Richest in the world",
    "财神": "God of wealth",
    # 段位
    "麻袋": "Sack", "街头一段": "Street 1st dan", "街头二段": "Street 2nd dan", "街头三段": "Street 3rd dan",
    "街头霸王": "Street king", "茶室一段": "Teahouse 1st dan", "茶室二段": "Teahouse 2nd dan",
    "茶室三段": "Teahouse 3rd dan", "茶室不败": "Teahouse unbeaten", "酒店一段": "Hotel 1st dan",
    "酒店二段": "Hotel 2nd dan", "酒店三段": "Hotel 3rd dan", "酒店至尊": "Hotel supreme",
    "县级大师": "County master", "市级大师": "City master", "省级大师": "Provincial master",
    "国家大师": "National master", "国际大师": "International master", "特级大师": "Grandmaster",
    "麻将部长": "Mahjong minister", "麻将总理": "Mahjong premier", "麻将总统": "Mahjong president",
    "麻将皇帝": "Mahjong emperor", "麻将无敌": "Mahjong invincible",
}


def title_words(title: str) -> str:
    """One title as shown: the Chinese alone in Chinese, with its English beside it in English."""
    english = ENGLISH.get(title)
    return title if language() == "zh" or english is None else f"{title} ({english})"


def peer_title(text: str, short: bool = False) -> str:
    """A person's 级别·段位 as another program sent it (a LAN seat): each known title with its
    English beside it in English; `short` keeps only the 级别 in English, where room is scarce (a
    name plate). Text that is not a pair of known titles is shown as it came."""
    parts = [part.strip() for part in text.split("·")]
    if language() == "zh" or not all(part in ENGLISH for part in parts):
        return text
    return " · ".join(title_words(part) for part in (parts[:1] if short else parts))


def level_words(level: Rank) -> str:
    """级别 · 段位, each with its English in English: "待业 (Jobless) · 麻袋 (Sack)"."""
    return f"{title_words(level.rank_title)} · {title_words(level.dan_title)}"
