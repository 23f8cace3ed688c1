"""What reading a member of an object is not, for the uncertain links of reach/ (Flask's own tests): a test
that reads `run_command.make_context(...)` holds no function to call later (click builds a context, the
command's body does not run); a test that imports `app` inside its body is not handed the `app` fixture of
conftest.py; and a module named `app` that imports the test client class makes no test client, so
`with app.test_request_context():` on a local named `app` runs no `__exit__` of the client."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_tests_reached import how, impact, indexed

FILES = {
    "webapp/__init__.py": '''
        from .app import App
    ''',
    "webapp/cli.py": '''
        import click


        def show_server_banner(debug, app_import_path):
            if app_import_path is not None:
                click.echo(f" * Serving app '{app_import_path}'")


        def _validate_key(ctx, param, value):
            cert = ctx.params.get("cert")
            if value and not cert:
                raise click.BadParameter('"--cert" must also be specified.', ctx, param)
            return value


        @click.command("run")
        @click.option("--cert", default=None)
        @click.option("--key", callback=_validate_key, expose_value=False)
        def run_command(cert=None):
            show_server_banner(False, "app")
    ''',
    "webapp/testing.py": '''
        class AppClient:
            def __init__(self, app):
                self.app = app
                self.preserve_context = False

            def get(self, path):
                return self.app.handle(path)

            def __enter__(self):
                self.preserve_context = True
                return self

            def __exit__(self, exc_type, exc_value, tb):
                self.preserve_context = exc_type is not None
    ''',
    "webapp/ctx.py": '''
        class RequestContext:
            def __init__(self, app):
                self.app = app

            def __enter__(self):
                return self

            def __exit__(self, exc_type, exc_value, tb):
                return None
    ''',
    "webapp/app.py": '''
        from .ctx import RequestContext
        from .testing import AppClient


        class App:
            test_client_class: type[AppClient] | None = None

            def __init__(self, static_url_path=None):
                self.static_url_path = static_url_path

            def handle(self, path):
                return path

            def test_client(self):
                return AppClient(self)

            def test_request_context(self):
                return RequestContext(self)


        def make_app(name):
            return App(static_url_path="/" + name)
    ''',
    "tests/conftest.py": '''
        import pytest

        from webapp.app import make_app


        @pytest.fixture
        def app():
            return make_app("static")
    ''',
    "tests/test_cli.py": '''
        import click
        import pytest
        from click.testing import CliRunner

        from webapp.cli import run_command


        def test_run_cert_path():
            with pytest.raises(click.BadParameter):
                run_command.make_context("run", ["--key", __file__])
            ctx = run_command.make_context("run", ["--cert", __file__, "--key", __file__])
            assert ctx.params["cert"] == __file__


        def test_run_serves():
            result = CliRunner().invoke(run_command, [])
            assert "Serving" in result.output
    ''',
    "tests/test_app.py": '''
        from webapp.app import App


        def test_app_fixture(app):
            assert app.static_url_path == "/static"


        def test_client_context():
            app = App()
            with app.test_client() as client:
                assert client.get("/x") == "/x"


        def test_static_url_path():
            app = App(static_url_path="/foo")
            assert app.test_client().get("/foo/index.html") == "/foo/index.html"
            with app.test_request_context():
                assert app.static_url_path == "/foo"


        def test_blueprint_app(test_apps):
            from blueprintapp import app
            served = [app]
            assert served
    ''',
}


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return indexed(tmp_path_factory.mktemp("memberreads") / "proj", FILES)


def test_reading_a_member_of_a_decorated_command_does_not_run_its_body(proj):
    found = how(impact(proj, "webapp/cli.py", "click.echo(f\" * Serving", "--no-coverage"))
    assert "tests/test_cli.py::test_run_serves" in found
    assert "tests/test_cli.py::test_run_cert_path" not in found


def test_a_name_imported_inside_a_test_is_not_the_fixture_of_that_name(proj):
    found = how(impact(proj, "webapp/app.py", 'return App(static_url_path="/" + name)', "--no-coverage"))
    assert "tests/test_app.py::test_app_fixture" in found
    assert "tests/test_app.py::test_blueprint_app" not in found


def test_a_module_importing_a_class_makes_no_object_of_it(proj):
    found = how(impact(proj, "webapp/testing.py", "self.preserve_context = exc_type is not None", "--no-coverage"))
    assert found.get("tests/test_app.py::test_client_context") in ("reaches", "may reach")
    assert "tests/test_app.py::test_static_url_path" not in found
