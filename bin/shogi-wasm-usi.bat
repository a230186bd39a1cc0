@echo off
rem USI engine for Windows shogi GUIs (Shogidokoro, ShogiHome): needs Node 20+ and npm run build.
node "%~dp0..\build\cli.mjs" usi %*
