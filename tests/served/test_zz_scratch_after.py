from django.db import connection


def test_scratch_everything_empty(django_db_blocker):
    with django_db_blocker.unblock():
        print("DB", connection.settings_dict["NAME"])
        with connection.cursor() as c:
            c.execute("select tablename from pg_tables where schemaname = 'public'")
            tables = [r[0] for r in c.fetchall()]
            nonempty = {}
            for t in tables:
                c.execute(f'select count(*) from "{t}"')
                n = c.fetchone()[0]
                if n:
                    nonempty[t] = n
    print("NONEMPTY", nonempty)
    assert set(nonempty) <= {"django_content_type", "auth_permission", "django_migrations"}, nonempty
