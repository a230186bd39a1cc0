@echo off
rem USI engine for Windows shogi GUIs (Shogidokoro, ShogiHome): needs Node 20+ and npm run build.
rem %~dp0 is the folder of the path this file was started by, a link's own folder for a link, and
rem cmd has no readlink to follow one: point the GUI at this file itself.
node "%~dp0..\build\cli.mjs" usi %*
