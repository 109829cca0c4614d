"""The embed view's entry point. boot.js runs it from its source on a MicroPython it starts itself
(no PyScript in an embed frame), so the view itself is embed/view.py, compiled to bytecode like
every module a page imports: each frame of a teacher's page loads it instead of compiling the
source again."""

from embed.view import main
from lib.page import on_error, reporter, spawn_start

on_error(reporter("asalto embed"))
spawn_start(main())
