"""规则: the rules summary in Chinese and in English, one tab each."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QPushButton,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gui.i18n import LANGUAGES, codes, language, tr
from gui.parts.body_scroll import screen_room
from gui.parts.dialog_parts import DIALOG_STYLE, DialogHeader
from gui.screens.rules_text import rules_html


class RulesDialog(QDialog):
    """Both languages are always there; the tab of the current language is shown first."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rulesDialog")
        self.setStyleSheet(DIALOG_STYLE)
        self.resize(QSize(780, 680).boundedTo(screen_room(self)))  # its pages scroll on a small screen

        self.header = DialogHeader(self)
        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(False)
        self.browsers: dict[str, QTextBrowser] = {}
        for lang in LANGUAGES:
            browser = QTextBrowser()
            browser.setOpenExternalLinks(True)
            browser.document().setDocumentMargin(18)
            browser.setHtml(rules_html(lang))
            self.browsers[lang] = browser
            self.tabs.addTab(browser, "")

        self.close_button = QPushButton()
        self.close_button.setObjectName("primary")
        self.close_button.setDefault(True)
        self.close_button.clicked.connect(self.accept)

        body = QVBoxLayout()
        body.setContentsMargins(20, 16, 20, 18)
        body.setSpacing(12)
        body.addWidget(self.tabs, 1)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        body.addLayout(buttons)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        outer.addWidget(self.header)
        outer.addLayout(body, 1)

        self.retranslate()

    def browser(self, lang: str) -> QTextBrowser:
        return self.browsers[lang]

    def text(self, lang: str) -> str:
        """The plain text of one language's page."""
        return self.browsers[lang].toPlainText()

    def show_language(self, lang: str) -> None:
        self.tabs.setCurrentIndex(LANGUAGES.index(lang))

    def retranslate(self) -> None:
        self.setWindowTitle(tr("rules.title"))
        self.header.set_texts(tr("rules.title"), tr("app.title") + " · " + tr("app.subtitle"))
        for index, lang in enumerate(LANGUAGES):
            self.tabs.setTabText(index, tr(codes.RULES_TAB[lang]))
        self.close_button.setText(tr("button.close"))
        self.show_language(language())
