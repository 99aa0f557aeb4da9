"""Qt's own texts (the OK / Cancel / Yes / No of QMessageBox, QDialogButtonBox, QInputDialog,
the file dialogs) in the game's language.

Qt translates them through the translators installed on the application, not through
:func:`gui.i18n.tr`. :func:`install` hooks :func:`apply` into :func:`gui.i18n.set_language`,
so every language switch swaps them too: Chinese loads Qt's ``qtbase_zh_CN.qm`` (PySide6 ships
it under ``QLibraryInfo.path(TranslationsPath)``); English removes it (Qt's source texts are
English). Should that file be missing (a trimmed Qt install), :class:`ButtonTexts` puts the
standard buttons into Chinese itself, so no English button is left in a Chinese dialog.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QTranslator

from . import i18n

log = logging.getLogger(__name__)

QT_CATALOGUE = "qtbase"
QT_LOCALES = {"zh": "zh_CN"}  # the game's language → the Qt translation file's locale

# Qt's standard button texts (the source texts of QPlatformTheme::defaultStandardButtonText).
_BUTTONS_ZH = {
    "OK": "确定", "&OK": "确定", "Save": "保存", "&Save": "保存(&S)", "Save All": "全部保存",
    "Open": "打开", "&Yes": "是(&Y)", "Yes to &All": "全部是(&A)", "&No": "否(&N)",
    "N&o to All": "全部否(&O)", "Abort": "中止", "Retry": "重试", "Ignore": "忽略", "Close": "关闭",
    "Cancel": "取消", "&Cancel": "取消", "Discard": "放弃", "Help": "帮助", "Apply": "应用",
    "Reset": "重置", "Restore Defaults": "恢复默认",
}


class ButtonTexts(QTranslator):
    """The fallback: Qt's standard buttons in Chinese, without Qt's translation file."""

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str | None:
        if context in ("QPlatformTheme", "QDialogButtonBox", "QMessageBox", "QInputDialog"):
            return _BUTTONS_ZH.get(source)
        return None

    def isEmpty(self) -> bool:
        return False


class _State:
    translator: QTranslator | None = None  # the one installed now (kept alive: Qt does not own it)
    loaded_file = False  # whether it is Qt's own file (False: the fallback, or nothing)
    lang: str | None = None  # the language applied last
    app: QCoreApplication | None = None  # the application it was applied to


def translations_folder() -> str:
    return QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)


def apply(lang: str) -> bool:
    """Put Qt's own texts into ``lang``; True if Qt's translation file was used (False for
    English, which needs none, and for the fallback)."""
    app = QCoreApplication.instance()
    if app is None:
        return False
    if lang == _State.lang and app is _State.app:
        return _State.loaded_file  # already so (set_language is called on every settings OK)
    if _State.translator is not None and _State.app is app:
        app.removeTranslator(_State.translator)
    _State.translator, _State.loaded_file, _State.lang, _State.app = None, False, lang, app
    locale = QT_LOCALES.get(lang)
    if locale is None:
        return False
    translator = QTranslator(app)
    if translator.load(f"{QT_CATALOGUE}_{locale}", translations_folder()):
        _State.loaded_file = True
    else:
        log.warning("Qt's %s_%s.qm is not in %s: the standard buttons are translated by the game",
                    QT_CATALOGUE, locale, translations_folder())
        translator.deleteLater()
        translator = ButtonTexts(app)
    app.installTranslator(translator)
    _State.translator = translator
    return _State.loaded_file


def install() -> bool:
    """Follow the game's language from now on (call once the QApplication exists); applies
    the current language at once. Returns :func:`apply`'s answer."""
    i18n.on_language_change(apply)
    return apply(i18n.language())


def uninstall() -> None:
    """Stop following the language and take Qt's translations out again (tests)."""
    i18n.off_language_change(apply)
    app = QCoreApplication.instance()
    if _State.translator is not None and app is not None and _State.app is app:
        app.removeTranslator(_State.translator)
    _State.translator, _State.loaded_file, _State.lang, _State.app = None, False, None, None


__all__ = ["ButtonTexts", "apply", "install", "translations_folder", "uninstall"]
