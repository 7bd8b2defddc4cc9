"""Word lists and sentence templates for synthetic memory content.

The vocabulary is large enough that full-text search has real posting lists of very
different lengths (common words such as ``project`` versus rare tool names), and the
templates are shaped like what agents actually remember: preferences, observations,
documentation facts, extracted attributes, summaries, guesses and self-reflection.
"""

from __future__ import annotations

PROJECTS = (
    "atlas", "borealis", "cinder", "dynamo", "ember", "fjord", "granite", "harbor",
    "iris", "juniper", "kestrel", "lumen", "meridian", "nimbus", "onyx", "pylon",
    "quartz", "rivulet", "sable", "tundra", "umbra", "vertex", "willow", "xenon",
    "yarrow", "zephyr", "aurora", "basalt", "cobalt", "delta",
)
PACKAGE_MANAGERS = ("poetry", "uv", "pip", "pdm", "hatch", "conda", "pipenv", "rye")
LANGUAGES = ("Python", "Rust", "Go", "TypeScript", "Kotlin", "Elixir", "Java", "Zig", "Ruby")
EDITORS = ("neovim", "vscode", "emacs", "helix", "pycharm", "zed", "sublime")
TOOLS = (
    "ruff", "mypy", "pytest", "black", "docker", "kubectl", "terraform", "ansible",
    "make", "cargo", "npm", "pnpm", "bazel", "gradle", "git", "tmux", "fzf", "ripgrep",
    "jq", "sqlite", "postgres", "redis", "nginx", "celery", "airflow", "dbt",
)
DATABASES = ("postgres", "sqlite", "mysql", "duckdb", "redis", "mongodb", "clickhouse")
CI = ("github actions", "gitlab ci", "jenkins", "circleci", "buildkite", "drone")
CLOUDS = ("aws", "gcp", "azure", "hetzner", "fly.io", "render", "vercel")
BRANCHES = ("main", "develop", "release", "staging", "feature/auth", "hotfix/login")
TIMEZONES = ("UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo", "Europe/Paris")
COLORS = ("dark", "light", "solarized", "gruvbox", "nord", "dracula")
PEOPLE = ("Alice", "Bob", "Carol", "Dmitri", "Esther", "Farid", "Grace", "Hiro", "Ines")
TASKS = (
    "formatting", "linting", "type checking", "testing", "deployment", "code review",
    "debugging", "profiling", "packaging", "documentation", "migrations", "releases",
)
ACTIONS = (
    "run the tests", "rebase on main", "update the changelog", "pin dependencies",
    "write a migration", "check the logs", "bump the version", "squash commits",
    "regenerate the lockfile", "tag the release", "ask before deleting files",
    "use feature flags", "add type hints", "keep functions small",
)
PROBLEMS = (
    "the flaky integration test", "a slow query", "the memory leak", "a race condition",
    "the broken build", "an import cycle", "the timeout in CI", "a missing index",
    "the stale cache", "an encoding error", "the failing healthcheck", "a deadlock",
)
FILES = (
    "src/app/main.py", "src/app/models.py", "tests/test_api.py", "pyproject.toml",
    "Dockerfile", "docker-compose.yml", "Makefile", "README.md", "src/db/schema.sql",
    "config/settings.toml", ".github/workflows/ci.yml", "src/api/routes.py",
    "src/worker/tasks.py", "scripts/deploy.sh", "src/lib/cache.rs", "cmd/server/main.go",
)
COMMANDS = (
    "pytest -x", "make build", "cargo test", "npm run lint", "docker compose up",
    "git push", "uv sync", "poetry install", "alembic upgrade head", "kubectl apply",
    "terraform plan", "ruff check", "mypy src", "go test ./...",
)
LIBS = (
    "sqlite", "fastapi", "django", "flask", "pydantic", "sqlalchemy", "textual", "typer",
    "numpy", "pandas", "requests", "httpx", "tokio", "serde", "react", "kafka",
)
DOC_FACTS = (
    "WAL mode allows readers to proceed while a writer commits",
    "the default connection pool size is ten",
    "settings are read from environment variables first",
    "background tasks run after the response is sent",
    "validators run in the order fields are declared",
    "sessions are not thread safe",
    "the retry policy uses exponential backoff with jitter",
    "the cache is invalidated on every deploy",
    "timestamps are stored in UTC",
    "the API rate limit is one hundred requests per minute",
    "deprecated options will be removed in the next major release",
    "migrations must be applied in order",
    "full text search tokenizes on unicode word boundaries",
    "foreign keys are disabled unless enabled per connection",
)
ATTRIBUTES = (
    "written in {lang}", "deployed on {cloud}", "backed by {db}", "built with {ci}",
    "owned by {person}", "released every two weeks", "tested with {tool}",
    "formatted with {tool}", "packaged with {pm}",
)
REASONS = (
    "they mentioned it twice", "the config files suggest it", "the last three sessions did",
    "the error logs point that way", "it matches their earlier choices",
    "the team lead asked for it", "the lockfile contains it",
)
INSIGHTS = (
    "asking before large refactors saves time",
    "the user prefers short answers with code",
    "test failures were usually environment problems",
    "deploys on Friday caused most incidents",
    "reading the logs first finds the cause faster",
    "small pull requests get reviewed sooner",
    "the user dislikes unexplained dependency upgrades",
    "pinning versions avoided broken builds",
)
TRAITS = (
    "preferred_language", "editor", "package_manager", "timezone", "theme",
    "review_style", "test_runner", "shell", "commit_style", "working_hours",
)
TAG_SETS = (
    '["project"]', '["tooling"]', '["preference"]', '["environment"]', '["workflow"]',
    '["project","tooling"]', '["preference","editor"]', '["ops","deploy"]',
    '["database"]', '["testing"]', '["docs"]', '["incident"]', "[]", "[]", "[]",
)
AGENTS = ("agent:claude", "agent:planner", "agent:coder", "agent:reviewer", "user:alice")
MODIFIERS = ("Note:", "Reminder:", "FYI", "Update:", "Also,", "Important:")
