"""Which files a repo map lists first by name: the workspace's README, manifests and build files."""
from __future__ import annotations

import os
from pathlib import Path

from graphmind.config import is_secret

# Aider's list of important root files (aider/special.py), minus the ones graphmind never lists
# because they may hold secrets (.env, .npmrc, .pypirc: see config.is_secret).
IMPORTANT_FILES = frozenset("""
.gitignore .gitattributes README README.md README.txt README.rst CONTRIBUTING CONTRIBUTING.md
CONTRIBUTING.txt CONTRIBUTING.rst LICENSE LICENSE.md LICENSE.txt CHANGELOG CHANGELOG.md CHANGELOG.txt
CHANGELOG.rst SECURITY SECURITY.md SECURITY.txt CODEOWNERS requirements.txt Pipfile Pipfile.lock
pyproject.toml setup.py setup.cfg package.json package-lock.json yarn.lock npm-shrinkwrap.json Gemfile
Gemfile.lock composer.json composer.lock pom.xml build.gradle build.gradle.kts build.sbt go.mod go.sum
Cargo.toml Cargo.lock mix.exs rebar.config project.clj Podfile Cartfile dub.json dub.sdl .env.example
.editorconfig tsconfig.json jsconfig.json .babelrc babel.config.js .eslintrc .eslintignore .prettierrc
.stylelintrc tslint.json .pylintrc .flake8 .rubocop.yml .scalafmt.conf .dockerignore .gitpod.yml
sonar-project.properties renovate.json dependabot.yml .pre-commit-config.yaml mypy.ini tox.ini .yamllint
pyrightconfig.json webpack.config.js rollup.config.js parcel.config.js gulpfile.js Gruntfile.js build.xml
build.boot project.json build.cake MANIFEST.in pytest.ini phpunit.xml karma.conf.js jest.config.js
cypress.json .nycrc .nycrc.json .travis.yml .gitlab-ci.yml Jenkinsfile azure-pipelines.yml
bitbucket-pipelines.yml appveyor.yml circle.yml codecov.yml .coveragerc Dockerfile docker-compose.yml
docker-compose.override.yml serverless.yml firebase.json now.json netlify.toml vercel.json app.yaml
terraform.tf main.tf cloudformation.yaml cloudformation.json ansible.cfg kubernetes.yaml k8s.yaml
schema.sql liquibase.properties flyway.conf next.config.js nuxt.config.js vue.config.js angular.json
gatsby-config.js gridsome.config.js swagger.yaml swagger.json openapi.yaml openapi.json .nvmrc
.ruby-version .python-version Vagrantfile .codeclimate.yml mkdocs.yml _config.yml book.toml
readthedocs.yml .readthedocs.yaml .yarnrc .isort.cfg .markdownlint.json .markdownlint.yaml .bandit
.secrets.baseline .gitkeep .npmignore
""".split())
NESTED_FILES = (".circleci/config.yml", ".github/dependabot.yml")
WORKFLOWS = ".github/workflows"


def important_files(root: Path) -> list[str]:
    """The important files present in the workspace (names only: none is opened), sorted."""
    try:
        names = [n for n in os.listdir(root) if n in IMPORTANT_FILES and not is_secret(n)]
    except OSError:
        return []
    found = [n for n in names if os.path.isfile(root / n)]
    found += [p for p in NESTED_FILES if os.path.isfile(root / p)]
    try:
        found += [f"{WORKFLOWS}/{n}" for n in os.listdir(root / WORKFLOWS) if n.endswith(".yml")]
    except OSError:
        pass
    return sorted(found)
