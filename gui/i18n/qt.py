"""Qt's own texts (the OK / Cancel / Yes / No of QMessageBox, QDialogButtonBox, QInputDialog,
the file dialogs) in the game's language.

Qt translates them through the translators installed on the application, not through
:func:`gui.i18n.tr`. :func:`install` hooks :func:`apply` into :func:`gui.i18n.set_language`,
so every language switch swaps them too: Chinese loads Qt's ``qtbase_zh_CN.qm`` (PySide6 ships
it under ``QLibraryInfo.path(TranslationsPath)``); English removes it (Qt's source texts are
English). Should that file be missing (a trimmed Qt install), the game's own
``resources/translations/hefei_qt_zh_CN.qm`` (compiled from the ``.ts`` beside it by
``tools/make_translations.py``) puts the standard buttons into Chinese, so no English button is
left in a Chinese dialog.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QTranslator

import resources
from gui import i18n

log = logging.getLogger(__name__)

QT_CATALOGUE = "qtbase"
QT_LOCALES = {"zh": "zh_CN"}  # the game's language → the Qt translation file's locale

GAME_CATALOGUE = "hefei_qt"  # the game's fallback: Qt's standard button texts, nothing more


def fallback_translator(locale: str, parent: QCoreApplication) -> QTranslator | None:
    """The game's own translation of Qt's standard buttons into ``locale``, if it ships one."""
    translator = QTranslator(parent)
    try:
        path = resources.path_of(f"translations/{GAME_CATALOGUE}_{locale}.qm")
    except FileNotFoundError:
        path = None
    if path is not None and translator.load(str(path)):
        return translator
    translator.deleteLater()
    return None


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
        fallback = fallback_translator(locale, app)
        if fallback is None:
            return False
        translator = fallback
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


__all__ = ["apply", "fallback_translator", "install", "translations_folder", "uninstall"]
