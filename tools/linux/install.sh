#!/bin/sh
# Adds 合肥麻将 to your applications menu (for you alone, no root needed): a desktop entry that
# starts the program in this folder, and its icon. Run it again after moving the folder.
#   ./install.sh              install
#   ./install.sh --uninstall  remove the entry and the icons again (the folder stays)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
name=hefei-mahjong
data=${XDG_DATA_HOME:-$HOME/.local/share}
resources="$here/_internal/resources"
sizes="16 24 32 48 64 128 256 512"

if [ "${1:-}" = "--uninstall" ]; then
  rm -f "$data/applications/$name.desktop"
  for size in $sizes; do rm -f "$data/icons/hicolor/${size}x${size}/apps/$name.png"; done
  rm -f "$data/icons/hicolor/scalable/apps/$name.svg"
  echo "removed the menu entry of $name"
  exit 0
fi

[ -x "$here/$name" ] || { echo "no program $here/$name: run install.sh from the unpacked folder" >&2; exit 1; }
for size in $sizes; do
  mkdir -p "$data/icons/hicolor/${size}x${size}/apps"
  cp "$resources/icons/$name-$size.png" "$data/icons/hicolor/${size}x${size}/apps/$name.png"
done
mkdir -p "$data/icons/hicolor/scalable/apps" "$data/applications"
cp "$resources/icons/$name.svg" "$data/icons/hicolor/scalable/apps/$name.svg"
# Exec: the program's full path, quoted as the desktop entry specification asks
exec_path=$(printf '%s' "$here/$name" | sed 's/\\/\\\\\\\\/g; s/"/\\\\"/g; s/`/\\\\`/g; s/\$/\\\\$/g; s/%/%%/g')
while IFS= read -r line; do
  case $line in
    Exec=*) printf 'Exec="%s"\n' "$exec_path" ;;
    *) printf '%s\n' "$line" ;;
  esac
done < "$resources/$name.desktop" > "$data/applications/$name.desktop"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$data/applications" || true
echo "added $name to the applications menu ($data/applications/$name.desktop)"
