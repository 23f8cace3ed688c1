"""Uses the instance through the module attribute."""
from app import service

print(service.count_users(), service.client.query("select 1"))
