"""Account pages beyond django-allauth's: the API token."""

from django.urls import path

from accounts import views
from accounts.language import choose_language

app_name = "accounts"

urlpatterns = [
    path("token/", views.ApiTokenView.as_view(), name="api_token"),
    path("language/", choose_language, name="language"),
    path("settings/", views.PreferencesView.as_view(), name="preferences"),
]
